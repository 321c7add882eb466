import type { Series } from '@pitwall/contracts';
import { Alert, Card, Skeleton, errorMessage } from '@pitwall/kit';
import { useStandings } from '../api/series';
import styles from './series.module.css';

/**
 * The championship standings per class (every participant): position (shared when level on points,
 * wins and second places), car number, team, points, wins and second places.
 */
export function StandingsCard({ series }: { series: Series }) {
  const standings = useStandings(series.id);
  return (
    <Card title="Standings">
      {standings.isPending ? (
        <Skeleton height="6rem" />
      ) : standings.error ? (
        <Alert title="The standings could not be loaded.">{errorMessage(standings.error)}</Alert>
      ) : standings.data.classes.every((c) => c.lines.length === 0) ? (
        <p className={styles.muted}>No results yet.</p>
      ) : (
        <>
          {standings.data.classes.filter((c) => c.lines.length > 0).map((c) => (
            <table key={c.class} className={styles.table}>
                <caption>{c.class}</caption>
                <thead>
                  <tr>
                    <th scope="col">Pos</th>
                    <th scope="col">Car</th>
                    <th scope="col" className={styles.left}>Team</th>
                    <th scope="col">Points</th>
                    <th scope="col">Wins</th>
                    <th scope="col">2nds</th>
                  </tr>
                </thead>
                <tbody>
                  {c.lines.map((line) => (
                    <tr key={line.number}>
                      <td>{line.position}</td>
                      <th scope="row">#{line.number}</th>
                      <td className={styles.left}>{line.teamName ?? 'Withdrawn'}</td>
                      <td>{line.points}</td>
                      <td>{line.wins}</td>
                      <td>{line.seconds}</td>
                    </tr>
                  ))}
                </tbody>
            </table>
          ))}
          <p className={styles.rowMeta}>Points per class position: {standings.data.pointsTable.points.join('-')}{standings.data.pointsTable.polePoints > 0 ? `, pole ${standings.data.pointsTable.polePoints}` : ''}.</p>
        </>
      )}
    </Card>
  );
}
