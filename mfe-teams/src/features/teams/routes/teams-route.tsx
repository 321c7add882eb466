import { useState } from 'react';
import { Alert, Button, Skeleton, errorMessage, useTeams } from '@pitwall/kit';
import { CreateTeamDialog } from '../components/create-team-dialog';
import { TeamCard } from '../components/team-card';
import styles from '../components/teams.module.css';

/**
 * Team Management (/teams, docs/product.md, 'Teams'): 'Your Teams' as cards (a series organiser sees every
 * team they belong to), the 'Create New Team' dialog, and the 'No teams yet' empty state.
 */
export function TeamsRoute() {
  const { data: teams, isPending, error } = useTeams();
  const [creating, setCreating] = useState(false);

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <div>
          <h1 className={styles.title}>Team Management</h1>
          <p className={styles.subtitle}>Create teams and manage the people who work on your cars.</p>
        </div>
        <Button onClick={() => setCreating(true)}>Create New Team</Button>
      </header>

      <section aria-labelledby="your-teams-title">
        <h2 id="your-teams-title" className={styles.sectionTitle}>
          Your Teams
        </h2>
        {isPending ? (
          <div className={styles.grid}>
            {[0, 1].map((i) => (
              <Skeleton key={i} height="9rem" />
            ))}
          </div>
        ) : error ? (
          <Alert title="Teams could not be loaded.">{errorMessage(error)}</Alert>
        ) : teams.length === 0 ? (
          <div className={styles.empty}>
            <h3>No teams yet</h3>
            <p>Create a team to add members and share your cars with them.</p>
            <Button onClick={() => setCreating(true)}>Create Your First Team</Button>
          </div>
        ) : (
          <div className={styles.grid}>
            {teams.map((team) => (
              <TeamCard key={team.id} team={team} />
            ))}
          </div>
        )}
      </section>

      <CreateTeamDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
