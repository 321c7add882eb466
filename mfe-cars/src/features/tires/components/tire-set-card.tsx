import { Link } from 'react-router-dom';
import type { TireSet } from '@pitwall/contracts';
import { formatDistance } from '@pitwall/contracts/values';
import { Badge, useTeamSettings } from '@pitwall/kit';
import { CONDITION_TONE, conditionLabel, formatPercent, tireSetDescription, wearLevel } from '../lib/tire-set-display';
import styles from './tires.module.css';

/** A set's wear bar (once measured) and its heat cycles, laps, distance (in the team's unit) and wear. */
export function TireSetFigures({ set }: { set: TireSet }) {
  const distanceUnit = useTeamSettings(set.teamId).data?.distanceUnit ?? 'km';
  return (
    <>
      {set.wearPercent !== null ? (
        <div
          className={styles.bar}
          role="meter"
          aria-label={`${set.name} tread wear`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(set.wearPercent, 100)}
          aria-valuetext={`${formatPercent(set.wearPercent)} worn`}
        >
          <div className={`${styles.barFill} ${styles[wearLevel(set.wearPercent)]}`} style={{ width: `${Math.min(set.wearPercent, 100)}%` }} />
        </div>
      ) : null}
      <dl className={styles.figures}>
        <div>
          <dt>Heat cycles</dt>
          <dd>{set.heatCycles}</dd>
        </div>
        <div>
          <dt>Laps</dt>
          <dd>{set.laps}</dd>
        </div>
        <div>
          <dt>Distance</dt>
          <dd>{formatDistance(set.km, distanceUnit)}</dd>
        </div>
        <div>
          <dt>Wear</dt>
          <dd>{set.wearPercent === null ? 'Not measured' : formatPercent(set.wearPercent)}</dd>
        </div>
      </dl>
    </>
  );
}

/** One tire set in a list: its name (a link to its page), condition in colour and words, what it is, and its figures. */
export function TireSetCard({ set }: { set: TireSet }) {
  const description = tireSetDescription(set);
  return (
    <li className={styles.set} aria-label={set.name}>
      <div className={styles.setHeader}>
        <Link className={styles.setName} to={`/tires/${set.id}?team=${set.teamId}`}>
          {set.name}
        </Link>
        <Badge tone={CONDITION_TONE[set.condition]}>{conditionLabel(set.condition)}</Badge>
      </div>
      {description ? <p className={styles.muted}>{description}</p> : null}
      <TireSetFigures set={set} />
    </li>
  );
}
