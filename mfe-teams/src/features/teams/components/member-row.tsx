import { format, parseISO } from 'date-fns';
import type { TeamMember } from '@pitwall/contracts';
import { Badge, Button } from '@pitwall/kit';
import { ROLE_LABELS, memberName } from './roles';
import styles from './teams.module.css';

export interface MemberRowProps {
  member: TeamMember;
  /** The row of the signed-in user. */
  isSelf: boolean;
  /** Owner controls (docs/product.md, 'Roles and permissions'): edit on every row, remove on other members' rows. */
  canManage: boolean;
  onEdit: () => void;
  onRemove: () => void;
  /** Opens 'Set password'; offered to the owner on a member recreated by a team import (`awaitsPassword`). */
  onSetPassword: () => void;
}

/**
 * One member (docs/product.md, 'Teams'): avatar in the member colour with the name's initial, display name or
 * 'User {userId}', joined date ('MMM d, yyyy'), role badge coloured by role, 'Inactive' badge;
 * 'Set password' for the owner on a member an import recreated without one.
 */
export function MemberRow({ member, isSelf, canManage, onEdit, onRemove, onSetPassword }: MemberRowProps) {
  const name = memberName(member);
  return (
    <li className={[styles.memberRow, member.isActive ? '' : styles.memberRowInactive].join(' ')} aria-label={name}>
      <span className={styles.avatar} style={{ background: member.memberColor }} aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
      <div className={styles.memberMain}>
        <span className={styles.memberName}>
          {name}
          {isSelf && <span className={styles.memberMeta}> (you)</span>}
        </span>
        <span className={styles.memberMeta}>
          {member.username ? `@${member.username} · ` : ''}Joined {format(parseISO(member.joinedAt), 'MMM d, yyyy')}
        </span>
        <span className={styles.badges}>
          <Badge className={styles[`role_${member.role}`]}>{ROLE_LABELS[member.role]}</Badge>
          {!member.isActive && <Badge tone="danger">Inactive</Badge>}
        </span>
      </div>
      {canManage && (
        <div className={styles.memberActions}>
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={isSelf ? 'View your profile' : `Edit ${name}`}>
            {isSelf ? 'Profile' : 'Edit'}
          </Button>
          {member.awaitsPassword && (
            <Button variant="secondary" size="sm" onClick={onSetPassword} aria-label={`Set password for ${name}`}>
              Set password
            </Button>
          )}
          {!isSelf && (
            <Button variant="danger" size="sm" onClick={onRemove} aria-label={`Remove ${name}`}>
              Remove
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
