import { Link } from 'react-router-dom';
import type { Part } from '@pitwall/contracts';
import { Badge, useTeamSettings } from '@pitwall/kit';
import { categoryLabel, lifeFigures, STATUS_TONE, statusLabel, usedPercent } from '../lib/part-display';
import styles from './parts.module.css';

const BAR_CLASS = { ok: styles.ok, 'due-soon': styles.dueSoon, overdue: styles.overdue } as const;

/**
 * One part: its name (a link to its page), status in colour and words, a life bar (the most used
 * limit), and used / limit / remaining per figure, distances in the team's unit.
 */
export function PartCard({ part, showCategory = false }: { part: Part; showCategory?: boolean }) {
  const percent = usedPercent(part);
  const distanceUnit = useTeamSettings(part.teamId).data?.distanceUnit ?? 'km';
  // Figures without a limit are shown once they count something.
  const figures = lifeFigures(part, distanceUnit).filter((f) => f.limit !== null || f.label === 'Expires' || !/^0(\.0+)? /.test(f.used));
  return (
    <li className={styles.part} aria-label={part.name}>
      <div className={styles.partHeader}>
        <Link className={styles.partName} to={`/parts/${part.id}?team=${part.teamId}`}>
          {part.name}
        </Link>
        <span className={styles.counts}>
          {showCategory ? <Badge>{categoryLabel(part.category)}</Badge> : null}
          <Badge tone={STATUS_TONE[part.status]}>{statusLabel(part.status)}</Badge>
        </span>
      </div>
      {percent !== null ? (
        <div
          className={styles.bar}
          role="meter"
          aria-label={`${part.name} life used`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(percent, 100)}
          aria-valuetext={`${percent} % used`}
        >
          <div className={`${styles.barFill} ${BAR_CLASS[part.status]}`} style={{ width: `${Math.min(percent, 100)}%` }} />
        </div>
      ) : null}
      <dl className={styles.figures}>
        {figures.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>
              {f.limit === null ? f.used : `${f.used} / ${f.limit}`}
              {f.remaining ? ` · ${f.remaining}` : ''}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
