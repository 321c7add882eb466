import { Link } from 'react-router-dom';
import { format, parseISO } from 'date-fns';
import type { Team } from '@pitwall/contracts';
import { Badge } from '@pitwall/kit';
import { ROLE_LABELS } from './roles';
import styles from './teams.module.css';

/**
 * One card of 'Your Teams' (docs/product.md, 'Teams'): name, description or 'No description provided', created date
 * ('MMM d, yyyy'), the 'Team Owner' badge for the caller's own teams. Opens the team's members.
 */
export function TeamCard({ team }: { team: Team }) {
  return (
    <Link to={`/teams/${team.id}`} className={styles.teamCard}>
      <div className={styles.teamCardTop}>
        <h3 className={styles.teamName}>{team.name}</h3>
        {team.myRole === 'owner' ? <Badge tone="accent">Team Owner</Badge> : <Badge>{ROLE_LABELS[team.myRole]}</Badge>}
      </div>
      {team.description ? (
        <p className={styles.teamDescription}>{team.description}</p>
      ) : (
        <p className={styles.noDescription}>No description provided</p>
      )}
      <p className={styles.meta}>Created {format(parseISO(team.createdAt), 'MMM d, yyyy')}</p>
    </Link>
  );
}
