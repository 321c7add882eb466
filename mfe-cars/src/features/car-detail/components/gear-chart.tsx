import { useId } from 'react';
import { gearChartData, type GearRowLike } from '@pitwall/setup-forms/display';
import styles from './car-record.module.css';

const COLORS = ['#2563eb', '#ea580c', '#16a34a', '#9333ea', '#dc2626', '#0d9488', '#ca8a04', '#db2777', '#4f46e5', '#475569'];
// A 520-unit-wide drawing scaled to the card's width (316 px on a 390 px phone: text stays >= 10 px).
const W = 520;
const H = 320;
const M = { left: 64, right: 20, top: 16, bottom: 48 };

/** A round step for axis ticks (1, 2 or 5 × 10^n) giving about `count` ticks up to `max`. */
function niceStep(max: number, count: number): number {
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const n = raw / power;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * power;
}

/**
 * The gear chart: engine rpm (y) against road speed in kph (x), one line per gear from standstill to
 * max rpm, and dashed drops where an upshift at max rpm lands in the next gear: the classic sawtooth.
 * Reads max rpm and tire size from the gear notes ('7500 rpm, 205/45R17'); when they or the final
 * drive are missing it renders a short note instead.
 */
export function GearChart({ rows }: { rows: readonly GearRowLike[] }) {
  const titleId = useId();
  const descId = useId();
  const data = gearChartData(rows);
  if (!data.ok) {
    return (
      <p className={styles.hint}>
        Gear chart: write the max rpm and tire size in a gear&apos;s notes (e.g. &apos;7500 rpm, 205/45R17&apos;) and add a Final Drive row to see speed against rpm.
      </p>
    );
  }
  const { maxRpm, lines, tire } = data;
  const topSpeed = Math.max(...lines.map((l) => l.topSpeedKph));
  const xStep = niceStep(topSpeed, 6);
  const xMax = Math.ceil(topSpeed / xStep) * xStep;
  const yStep = niceStep(maxRpm, 5);
  const yMax = Math.ceil(maxRpm / yStep) * yStep;
  const x = (kph: number) => M.left + (kph / xMax) * (W - M.left - M.right);
  const y = (rpm: number) => H - M.bottom - (rpm / yMax) * (H - M.top - M.bottom);
  const xTicks = Array.from({ length: Math.round(xMax / xStep) + 1 }, (_, i) => i * xStep);
  const yTicks = Array.from({ length: Math.round(yMax / yStep) + 1 }, (_, i) => i * yStep);
  const description = `Engine speed from 0 to ${maxRpm} rpm against road speed on ${tire} tires. ${lines
    .map((l) => `${l.name}: up to ${l.topSpeedKph.toFixed(1)} kph${l.rpmAfterShift ? `, shifting up drops to ${Math.round(l.rpmAfterShift)} rpm` : ''}`)
    .join('; ')}.`;

  return (
    <figure className={styles.chart}>
      <figcaption>Gear chart ({maxRpm} rpm, {tire})</figcaption>
      <svg className={styles.chartSvg} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>Gear chart: rpm against speed per gear</title>
        <desc id={descId}>{description}</desc>
        {yTicks.map((t) => (
          <g key={`y${t}`}>
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
            <text x={M.left - 6} y={y(t) + 4} textAnchor="end" fontSize="15" fill="#475569">
              {t}
            </text>
          </g>
        ))}
        {xTicks.map((t) => (
          <g key={`x${t}`}>
            <line x1={x(t)} x2={x(t)} y1={M.top} y2={H - M.bottom} stroke="#f1f5f9" />
            <text x={x(t)} y={H - M.bottom + 16} textAnchor="middle" fontSize="15" fill="#475569">
              {t}
            </text>
          </g>
        ))}
        <line x1={M.left} x2={W - M.right} y1={H - M.bottom} y2={H - M.bottom} stroke="#475569" />
        <line x1={M.left} x2={M.left} y1={M.top} y2={H - M.bottom} stroke="#475569" />
        <text x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle" fontSize="16" fontWeight="600" fill="#0f172a">
          Speed (kph)
        </text>
        <text x={16} y={(M.top + H - M.bottom) / 2} textAnchor="middle" fontSize="16" fontWeight="600" fill="#0f172a" transform={`rotate(-90 16 ${(M.top + H - M.bottom) / 2})`}>
          Engine speed (rpm)
        </text>
        {lines.map((line, i) => (
          <g key={line.name + i}>
            <line x1={x(0)} y1={y(0)} x2={x(line.topSpeedKph)} y2={y(maxRpm)} stroke={COLORS[i % COLORS.length]} strokeWidth="2.5" />
            {line.rpmAfterShift !== null && (
              <line x1={x(line.topSpeedKph)} y1={y(maxRpm)} x2={x(line.topSpeedKph)} y2={y(line.rpmAfterShift)} stroke="#64748b" strokeDasharray="4 3" />
            )}
          </g>
        ))}
      </svg>
      <ul className={styles.legend} aria-hidden="true">
        {lines.map((line, i) => (
          <li key={line.name + i}>
            <span className={styles.legendSwatch} style={{ background: COLORS[i % COLORS.length] }} />
            {line.name} · {line.topSpeedKph.toFixed(1)} kph
          </li>
        ))}
      </ul>
    </figure>
  );
}
