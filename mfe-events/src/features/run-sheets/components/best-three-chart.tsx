import type { ChangeEffect, RunSession } from '@pitwall/contracts';
import { chartAxisName, lapTimeText } from '../lib/run-sheet-format';
import { linearScale } from '../lib/chart-scale';
import { ChartFrame } from './chart-frame';
import { ChartGrid } from './chart-grid';
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
  const x = linearScale([0, Math.max(sessions.length - 1, 1)], [PAD.left, WIDTH - PAD.right]);
  const y = linearScale([min, min + span], [PAD.top, HEIGHT - PAD.bottom]);
  const changedBefore = new Set(effects.filter((e) => e.changes.length > 0).map((e) => e.sessionId));
  const points = sessions.flatMap((s, i) => (s.averageBestThreeMs === null ? [] : [{ s, i, cx: x(i), cy: y(s.averageBestThreeMs) }]));
  const changed = sessions.filter((s) => changedBefore.has(s.id)).map((s) => s.name);
  return (
    <ChartFrame
      width={WIDTH}
      height={HEIGHT}
      label={`Best three laps per session: ${points.map((p) => `${p.s.name} ${lapTimeText(p.s.averageBestThreeMs)}`).join(', ')}${changed.length ? `; setup changed before ${changed.join(', ')}` : ''}`}
      caption="Average of the best three laps per session; a diamond marks setup changes before a session. Faster is higher."
    >
      <ChartGrid values={[min, max]} label={lapTimeText} left={PAD.left} right={WIDTH - PAD.right} y={y} />
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
          {chartAxisName(s.name)}
        </text>
      ))}
    </ChartFrame>
  );
}
