import { Link } from 'react-router-dom';
import { Badge, Card, useTeamParts } from '@pitwall/kit';
import styles from './parts.module.css';

/** The dashboard's parts card for a team: how many parts are overdue and due soon, linking to the store filtered by them. */
export function PartsDueCard({ teamId }: { teamId: number }) {
  const { data: parts } = useTeamParts(teamId);
  if (!parts || parts.length === 0) return null;
  const overdue = parts.filter((p) => p.status === 'overdue').length;
  const dueSoon = parts.filter((p) => p.status === 'due-soon').length;
  return (
    <Card title="Parts life" headingLevel={3}>
      <p className={styles.counts}>
        <Badge tone={overdue ? 'danger' : 'success'}>{overdue} overdue</Badge>
        <Badge tone={dueSoon ? 'warning' : 'success'}>{dueSoon} due soon</Badge>
        <span className={styles.muted}>of {parts.length} parts</span>
      </p>
      <Link className={styles.link} to={`/parts?team=${teamId}`}>
        Open the parts store
      </Link>
    </Card>
  );
}
