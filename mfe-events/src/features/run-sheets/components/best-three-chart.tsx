import type { ChangeEffect, RunSession } from '@pitwall/contracts';
import { lapTimeText } from '../lib/run-sheet-format';
import { LapTimeGrid } from './lap-time-grid';
import styles from './run-sheets.module.css';

const WIDTH = 320;
const HEIGHT = 150;
const PAD = { left: 56, right: 14, top: 12, bottom: 24 };

/**
 * The average of the best three laps per session (plain SVG), in running order, with a diamond
 * before each session that ran with setup changes. Sessions with fewer than three timed laps
 * leave a gap. The same numbers are on the cards below it, so one sentence describes it.
 */
export function BestThreeChart({ sessions, effects }: { sessions: readonly RunSession[]; effects: readonly ChangeEffect[] }) {
  const timed = sessions.filter((s) => s.averageBestThreeMs !== null);
  if (timed.length < 2) return null;
  const times = timed.map((s) => s.averageBestThreeMs!);
  const [min, max] = [Math.min(...times), Math.max(...times)];
  const span = Math.max(max - min, 500);
  const x = (i: number) => PAD.left + (i / Math.max(sessions.length - 1, 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (ms: number) => PAD.top + ((ms - min) / span) * (HEIGHT - PAD.top - PAD.bottom);
  const changedBefore = new Set(effects.filter((e) => e.changes.length > 0).map((e) => e.sessionId));
  const points = sessions.flatMap((s, i) => (s.averageBestThreeMs === null ? [] : [{ s, i, cx: x(i), cy: y(s.averageBestThreeMs) }]));
  const changed = sessions.filter((s) => changedBefore.has(s.id)).map((s) => s.name);
  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Best three laps per session: ${points.map((p) => `${p.s.name} ${lapTimeText(p.s.averageBestThreeMs)}`).join(', ')}${changed.length ? `; setup changed before ${changed.join(', ')}` : ''}`}
      >
        <LapTimeGrid min={min} max={max} left={PAD.left} right={WIDTH - PAD.right} y={y} />
        <polyline points={points.map((p) => `${p.cx},${p.cy}`).join(' ')} className={styles.chartLine} />
        {sessions.map((s, i) =>
          changedBefore.has(s.id) && i > 0 ? (
            <path key={`change-${s.id}`} d={`M ${(x(i - 1) + x(i)) / 2} ${PAD.top - 2} l 5 5 l -5 5 l -5 -5 z`} className={styles.chartChange} />
          ) : null,
        )}
        {points.map((p) => (
          <circle key={p.s.id} cx={p.cx} cy={p.cy} r={4} className={styles.chartPoint} />
        ))}
        {sessions.map((s, i) => (
          <text key={`name-${s.id}`} x={x(i)} y={HEIGHT - 6} textAnchor="middle" className={styles.chartLabel}>
            {s.name.length > 8 ? `${s.name.slice(0, 7)}…` : s.name}
          </text>
        ))}
      </svg>
      <figcaption className={styles.muted}>Average of the best three laps per session; a diamond marks setup changes before a session. Faster is higher.</figcaption>
    </figure>
  );
}
