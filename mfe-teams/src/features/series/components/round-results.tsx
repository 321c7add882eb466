import { format, parseISO } from 'date-fns';
import type { RoundResults } from '@pitwall/contracts';
import { formatLapTime } from '@pitwall/contracts/values';
import styles from './series.module.css';

const STATUS_TEXT = { dnf: 'DNF', dsq: 'DSQ' } as const;

/** Laps behind the class winner as the classification prints them: '+1 lap', '+3 laps'. */
function gapText(gapLaps: number): string {
  return `+${gapLaps} ${gapLaps === 1 ? 'lap' : 'laps'}`;
}

/** A result's place in its class as the classification prints it: 'Cup 1', or DNF / DSQ for a car not classified. */
function classText(r: RoundResults['results'][number]): string {
  return r.classPosition === null ? STATUS_TEXT[r.status as keyof typeof STATUS_TEXT] : `${r.class} ${r.classPosition}`;
}

/**
 * A round's classification in overall order: position; the car's number, team, class position
 * (DNF / DSQ for a car not classified) and laps behind its class winner; laps, best lap and points.
 * Five columns, so it reads on a 390 px phone; who recorded it and when below.
 */
export function RoundResultsTable({ results }: { results: RoundResults }) {
  if (results.results.length === 0) return <p className={styles.muted}>No results recorded yet.</p>;
  return (
    <>
      <table className={styles.table}>
        <caption>Classification</caption>
        <thead>
          <tr>
            <th scope="col">Pos</th>
            <th scope="col" className={styles.left}>Car</th>
            <th scope="col">Laps</th>
            <th scope="col">Best</th>
            <th scope="col">Pts</th>
          </tr>
        </thead>
        <tbody>
          {results.results.map((r) => (
            <tr key={r.number}>
              <td>{r.position}</td>
              <th scope="row" className={styles.left}>
                #{r.number}
                {r.pole && ' (pole)'}
                <span className={styles.cellMeta}>{r.teamName ?? 'Withdrawn'}</span>
                <span className={styles.cellMeta}>
                  {classText(r)}
                  {r.gapLaps ? ` · ${gapText(r.gapLaps)}` : ''}
                </span>
              </th>
              <td>{r.laps}</td>
              <td>{r.bestLapMs === null ? '—' : formatLapTime(r.bestLapMs)}</td>
              <td>{r.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {results.recordedBy && results.recordedAt && (
        <p className={styles.rowMeta}>
          Recorded by {results.recordedBy}, {format(parseISO(results.recordedAt), 'MMM d, yyyy HH:mm')}
        </p>
      )}
    </>
  );
}
