import { format, parseISO } from 'date-fns';
import type { ScrutineeringResult, ScrutineeringStatus } from '@pitwall/contracts';
import { Badge } from '@pitwall/kit';
import styles from './series.module.css';

/** The verdicts with their visible words and badge tones. */
export const STATUSES: readonly { value: ScrutineeringStatus; label: string; tone: 'success' | 'danger' | 'warning' }[] = [
  { value: 'pass', label: 'Pass', tone: 'success' },
  { value: 'fail', label: 'Fail', tone: 'danger' },
  { value: 'reinspect', label: 'Reinspect', tone: 'warning' },
];

/** A verdict as a coloured badge ('Pass', 'Fail', 'Reinspect'). */
function StatusBadge({ status }: { status: ScrutineeringStatus }) {
  const { label, tone } = STATUSES.find((s) => s.value === status)!;
  return <Badge tone={tone}>{label}</Badge>;
}

/** Who recorded a verdict and when ('by Dana Whitfield, Apr 12, 2026 09:14'). */
export function recordedLine(result: Pick<ScrutineeringResult, 'recordedBy' | 'recordedAt'>): string {
  return `by ${result.recordedBy}, ${format(parseISO(result.recordedAt), 'MMM d, yyyy HH:mm')}`;
}

/** A car's recorded verdicts at a round: item, verdict, notes, who and when. */
export function ScrutineeringResults({ results }: { results: readonly ScrutineeringResult[] }) {
  if (results.length === 0) return <p className={styles.muted}>Not scrutineered yet.</p>;
  return (
    <ul className={styles.results}>
      {results.map((r) => (
        <li key={r.itemId} className={styles.result}>
          <div className={styles.resultTop}>
            <span className={styles.rowTitle}>{r.title}</span>
            <StatusBadge status={r.status} />
          </div>
          {r.notes && <p className={styles.resultNotes}>{r.notes}</p>}
          <span className={styles.rowMeta}>{recordedLine(r)}</span>
        </li>
      ))}
    </ul>
  );
}
