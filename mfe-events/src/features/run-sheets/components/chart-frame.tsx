import type { ReactNode } from 'react';
import styles from './run-sheets.module.css';

/**
 * The frame of the run sheets' small charts: plain SVG of `width` × `height` user units, as wide as
 * the card allows (up to 40rem), read to a screen reader as `label` (one sentence with the chart's
 * numbers: they are in words nearby too), with `caption` under it saying how to read it.
 */
export function ChartFrame({ width, height, label, caption, children }: { width: number; height: number; label: string; caption: ReactNode; children: ReactNode }) {
  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
        {children}
      </svg>
      <figcaption className={styles.muted}>{caption}</figcaption>
    </figure>
  );
}
