import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { TeamMember } from '@pitwall/contracts';
import { Alert, Button, Card, Skeleton, buttonClass, errorMessage, useAuth, useTeams, useTeamMembers } from '@pitwall/kit';
import { AddMemberDialog } from '../components/add-member-dialog';
import { EditMemberDialog } from '../components/edit-member-dialog';
import { MemberRow } from '../components/member-row';
import { RemoveMemberDialog } from '../components/remove-member-dialog';
import { SetPasswordDialog } from '../components/set-password-dialog';
import styles from '../components/teams.module.css';

/**
 * A selected team (/teams/:teamId, docs/product.md, 'Teams'): 'Team Members (count)', 'Back to Teams', 'Add Member'
 * for owners and admins, member rows, and the owner's edit, remove and (for a member an import
 * recreated) set-password controls.
 */
export function TeamMembersRoute() {
  const teamId = Number(useParams().teamId);
  const { user } = useAuth();
  const teams = useTeams();
  const members = useTeamMembers(teamId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [settingPassword, setSettingPassword] = useState<TeamMember | null>(null);

  const team = teams.data?.find((t) => t.id === teamId);
  const isOwner = team?.myRole === 'owner';
  const canAdd = isOwner || team?.myRole === 'admin';
  const isSelf = (member: TeamMember) => user !== null && member.userId === String(user.id);
  const back = (
    <Link to="/teams" className={`${buttonClass('secondary', 'sm')} ${styles.backLink}`}>
      ← Back to Teams
    </Link>
  );

  if (teams.isPending) {
    return (
      <div className={styles.page}>
        {back}
        <Skeleton height="2rem" width="16rem" />
        <Skeleton height="12rem" />
      </div>
    );
  }
  if (teams.error) {
    return (
      <div className={styles.page}>
        {back}
        <Alert title="Teams could not be loaded.">{errorMessage(teams.error)}</Alert>
      </div>
    );
  }
  if (!team) {
    return (
      <div className={styles.page}>
        {back}
        <Alert title="Team not found">This team does not exist or you are not one of its active members.</Alert>
      </div>
    );
  }

  const count = members.data?.length;
  return (
    <div className={styles.page}>
      {back}
      <header>
        <h1 className={styles.title}>{team.name}</h1>
        <p className={team.description ? styles.subtitle : `${styles.subtitle} ${styles.noDescription}`}>
          {team.description || 'No description provided'}
        </p>
      </header>

      <Card
        title={count === undefined ? 'Team Members' : `Team Members (${count})`}
        actions={canAdd && <Button onClick={() => setAdding(true)}>Add Member</Button>}
      >
        {members.isPending ? (
          <div className="pw-form-grid">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height="3rem" />
            ))}
          </div>
        ) : members.error ? (
          <Alert title="Members could not be loaded.">{errorMessage(members.error)}</Alert>
        ) : members.data.length === 0 ? (
          <p className={styles.emptyMembers}>No team members yet. Add some members to get started!</p>
        ) : (
          <ul className={styles.memberList}>
            {members.data.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                isSelf={isSelf(member)}
                canManage={isOwner}
                onEdit={() => setEditing(member)}
                onRemove={() => setRemoving(member)}
                onSetPassword={() => setSettingPassword(member)}
              />
            ))}
          </ul>
        )}
      </Card>

      {canAdd && <AddMemberDialog teamId={team.id} open={adding} onOpenChange={setAdding} />}
      {isOwner && (
        <>
          <EditMemberDialog teamId={team.id} member={editing} isSelf={editing !== null && isSelf(editing)} onClose={() => setEditing(null)} />
          <RemoveMemberDialog teamId={team.id} member={removing} onClose={() => setRemoving(null)} />
          <SetPasswordDialog teamId={team.id} member={settingPassword} onClose={() => setSettingPassword(null)} />
        </>
      )}
    </div>
  );
}
