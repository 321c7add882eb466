import styles from './run-sheets.module.css';

/**
 * A chart's scale lines (SVG): a dashed line at each of `values`, labelled `label(value)` left of
 * `left` and running to `right`; `y` places a value on the chart (e.g. the fastest and the slowest
 * lap time, ms, or a target range, °C).
 */
export function ChartGrid({ values, label, left, right, y }: { values: readonly number[]; label: (value: number) => string; left: number; right: number; y: (value: number) => number }) {
  return (
    <>
      {values.map((value, i) => (
        <g key={i}>
          <line x1={left} x2={right} y1={y(value)} y2={y(value)} className={styles.chartGrid} />
          <text x={left - 6} y={y(value) + 4} textAnchor="end" className={styles.chartLabel}>
            {label(value)}
          </text>
        </g>
      ))}
    </>
  );
}
