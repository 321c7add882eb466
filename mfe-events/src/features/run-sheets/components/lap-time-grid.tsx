import { lapTimeText } from '../lib/run-sheet-format';
import styles from './run-sheets.module.css';

/**
 * The lap-time charts' scale (SVG): a dashed line at the fastest and at the slowest time shown,
 * each labelled left of `left`, running to `right`; `y` places a time (ms) on the chart.
 */
export function LapTimeGrid({ min, max, left, right, y }: { min: number; max: number; left: number; right: number; y: (ms: number) => number }) {
  return (
    <>
      {[min, max].map((ms, i) => (
        <g key={i}>
          <line x1={left} x2={right} y1={y(ms)} y2={y(ms)} className={styles.chartGrid} />
          <text x={left - 6} y={y(ms) + 4} textAnchor="end" className={styles.chartLabel}>
            {lapTimeText(ms)}
          </text>
        </g>
      ))}
    </>
  );
}
