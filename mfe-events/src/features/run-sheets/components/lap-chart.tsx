import type { Lap } from '@pitwall/contracts';
import { lapTimeText } from '../lib/run-sheet-format';
import { linearScale } from '../lib/chart-scale';
import { ChartFrame } from './chart-frame';
import { ChartGrid } from './chart-grid';
import styles from './run-sheets.module.css';

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { left: 56, right: 10, top: 10, bottom: 22 };

/**
 * A small lap-time chart (plain SVG): the timed laps by lap number, the best one marked, and a ring
 * around each lap that holds one of the session's best sectors (`bestSectorsMs`). Out, in and
 * invalid laps are left out (they would flatten the scale). The same numbers are in the lap list,
 * so the chart is described by one sentence for screen readers.
 */
export function LapChart({ laps, bestSectorsMs = [] }: { laps: readonly Lap[]; bestSectorsMs?: readonly number[] }) {
  const timed = laps.filter((l) => l.kind === 'timed');
  if (timed.length < 2) return null;
  const times = timed.map((l) => l.lapTimeMs);
  const [min, max] = [Math.min(...times), Math.max(...times)];
  const span = Math.max(max - min, 500);
  const lastLap = laps.at(-1)!.lapNumber;
  const x = linearScale([1, lastLap], [PAD.left, WIDTH - PAD.right]);
  const y = linearScale([min, min + span], [PAD.top, HEIGHT - PAD.bottom]);
  const best = timed.find((l) => l.lapTimeMs === min)!;
  // Each best sector on the first timed lap that set it.
  const sectorLapOf = bestSectorsMs.map((ms, i) => timed.find((l) => l.sectorsMs.length === bestSectorsMs.length && l.sectorsMs[i] === ms));
  const ringed = [...new Set(sectorLapOf.filter((l): l is Lap => l !== undefined))];
  const sectorSentence = ringed.length > 0 ? `; best sectors: ${sectorLapOf.map((l, i) => `S${i + 1} on lap ${l?.lapNumber ?? '—'}`).join(', ')}` : '';
  return (
    <ChartFrame
      width={WIDTH}
      height={HEIGHT}
      label={`Lap times chart: ${timed.length} timed laps from ${lapTimeText(min)} to ${lapTimeText(max)}, best on lap ${best.lapNumber}${sectorSentence}`}
      caption={<>Timed laps; the best lap is the larger dot{ringed.length > 0 && ', a ring marks a lap holding a best sector'}. Faster is higher.</>}
    >
      <ChartGrid values={[min, max]} label={lapTimeText} left={PAD.left} right={WIDTH - PAD.right} y={y} />
      <polyline points={timed.map((l) => `${x(l.lapNumber)},${y(l.lapTimeMs)}`).join(' ')} className={styles.chartLine} />
      {timed.map((l) => (
        <circle key={l.lapNumber} cx={x(l.lapNumber)} cy={y(l.lapTimeMs)} r={l === best ? 5 : 3} className={l === best ? styles.chartBest : styles.chartPoint} />
      ))}
      {ringed.map((l) => (
        <circle key={`sector-${l.lapNumber}`} cx={x(l.lapNumber)} cy={y(l.lapTimeMs)} r={8} className={styles.chartSectorBest} />
      ))}
      <text x={PAD.left} y={HEIGHT - 4} className={styles.chartLabel}>
        Lap 1
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 4} textAnchor="end" className={styles.chartLabel}>
        Lap {lastLap}
      </text>
    </ChartFrame>
  );
}
