import { CORNERS, type WearByCorner } from '@pitwall/contracts';
import { formatPercent, wearLevel } from '../lib/tire-set-display';
import styles from './tires.module.css';

/**
 * The per-corner picture: the four tires around the car seen from above (front at the top), each
 * with its wear in colour and words and the depths measured (mm). `label` names the figure.
 */
export function TreadPicture({ label, wear, depths }: { label: string; wear: WearByCorner; depths?: Record<keyof WearByCorner, number[]> }) {
  return (
    <figure className={styles.picture} aria-label={label} style={{ margin: 0 }}>
      <div className={styles.chassis} aria-hidden="true" />
      {CORNERS.map((corner, i) => {
        const percent = wear[corner.value];
        const level = percent === null ? 'unknown' : wearLevel(percent);
        return (
          <div
            key={corner.value}
            className={`${styles.tire} ${styles[`tire${level}`]}`}
            style={{ gridColumn: i % 2 === 0 ? 1 : 3, gridRow: i < 2 ? 1 : 2 }}
            aria-label={`${corner.label}: ${percent === null ? 'wear unknown' : `${formatPercent(percent)} worn`}`}
            role="img"
          >
            <span>{corner.label}</span>
            <strong>{percent === null ? '—' : formatPercent(percent)}</strong>
            {depths ? <span>{depths[corner.value].map((d) => d.toFixed(1)).join(' / ')} mm</span> : null}
          </div>
        );
      })}
    </figure>
  );
}
