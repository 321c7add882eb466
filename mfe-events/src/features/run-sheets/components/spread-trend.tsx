import { useState } from 'react';
import type { RaceEvent, RunSession, TeamUnits, TireTemperatureTargetsValue } from '@pitwall/contracts';
import { PRESSURE_CORNERS, type PressureCorner } from '@pitwall/contracts/values';
import { Alert, Skeleton, errorMessage, useSessions, useTrackSessions } from '@pitwall/kit';
import { shownTemperatureDifference } from '@pitwall/setup-forms/display';
import { linearScale } from '../lib/chart-scale';
import { chartAxisName } from '../lib/run-sheet-format';
import { spreadTrend, type SpreadPoint } from '../lib/spread-trend';
import { differenceText, temperatureUnitText } from '../lib/tire-temperature-format';
import { ChartFrame } from './chart-frame';
import { ChartGrid } from './chart-grid';
import { ChoiceButtons } from './choice-buttons';
import styles from './run-sheets.module.css';
import css from './tire-temperatures.module.css';

const WIDTH = 320;
const HEIGHT = 150;
const PAD = { left: 56, right: 14, top: 12, bottom: 24 };
/** The narrowest span of the chart's scale, °C, so a steady spread does not look like a swing. */
const MIN_SPAN_C = 4;
/** More sessions than this are named under the first and the last point only. */
const MAX_NAMED = 8;
const CORNER_OPTIONS = PRESSURE_CORNERS.map((c) => ({ value: c.key, label: c.short }));

/** One corner's spread chart (SVG, °C scaled, labels in the team's unit): the points oldest first, the target band shaded, `current` the larger dot. */
function SpreadChart({ points, corner, current, targets, location, units }: {
  points: readonly SpreadPoint[];
  corner: (typeof PRESSURE_CORNERS)[number];
  current: number;
  targets: TireTemperatureTargetsValue | undefined;
  location: string;
  units: TeamUnits;
}) {
  const band = targets ? [targets.spreadMinC, targets.spreadMaxC] : [];
  const values = [...points.map((p) => p.spreadC), ...band];
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  const widen = Math.max(1, (MIN_SPAN_C - (hi - lo)) / 2);
  const x = linearScale([0, Math.max(points.length - 1, 1)], [PAD.left, WIDTH - PAD.right]);
  const y = linearScale([lo - widen, hi + widen], [HEIGHT - PAD.bottom, PAD.top]);
  const unit = temperatureUnitText(units);
  const target = targets ? `; target ${shownTemperatureDifference(targets.spreadMinC, units)}–${shownTemperatureDifference(targets.spreadMaxC, units)} ${unit}` : '';
  return (
    <ChartFrame
      width={WIDTH}
      height={HEIGHT}
      label={`${corner.short} spread by session at ${location}, oldest first: ${points.map((p) => `${p.name} (${p.eventName}) ${differenceText(p.spreadC, units)}`).join(', ')}${target}`}
      caption={`Spread (inner − outer) of each session's last reading, oldest first${targets ? '; the shaded band is the target' : ''}; the larger dot is this session.`}
    >
      {targets && <rect x={PAD.left} width={WIDTH - PAD.left - PAD.right} y={y(targets.spreadMaxC)} height={y(targets.spreadMinC) - y(targets.spreadMaxC)} className={css.chartTarget} />}
      <ChartGrid values={band} label={(c) => differenceText(c, units)} left={PAD.left} right={WIDTH - PAD.right} y={y} />
      <polyline points={points.map((p, i) => `${x(i)},${y(p.spreadC)}`).join(' ')} className={styles.chartLine} />
      {points.map((p, i) => (
        <circle key={p.sessionId} cx={x(i)} cy={y(p.spreadC)} r={p.sessionId === current ? 5 : 3.5} className={p.sessionId === current ? styles.chartBest : styles.chartPoint} />
      ))}
      {points.map((p, i) =>
        points.length <= MAX_NAMED || i === 0 || i === points.length - 1 ? (
          <text key={`name-${p.sessionId}`} x={x(i)} y={HEIGHT - 6} textAnchor="middle" className={styles.chartLabel}>
            {chartAxisName(p.name)}
          </text>
        ) : null,
      )}
    </ChartFrame>
  );
}

/**
 * 'Spread at {location}': the trend of one corner's spread (inner − outer, of each session's last
 * reading) over the car's sessions at the race event's location, oldest first, with the car's target
 * range; the corner is picked (FL first). The open race event's sessions come from its own list, so
 * a reading just saved shows at once.
 */
export function SpreadTrend({ carId, session, raceEvent, targets, units }: {
  carId: number;
  session: RunSession;
  raceEvent: Pick<RaceEvent, 'name' | 'location'>;
  targets: TireTemperatureTargetsValue | undefined;
  units: TeamUnits;
}) {
  const [corner, setCorner] = useState<PressureCorner>('fl');
  const atTrack = useTrackSessions(carId, raceEvent.location);
  const ofRaceEvent = useSessions(carId, session.eventId).data ?? [session];
  if (atTrack.error) return <Alert title="The sessions at this track could not be loaded.">{errorMessage(atTrack.error)}</Alert>;
  if (atTrack.isPending) return <Skeleton height="6rem" />;
  const points = spreadTrend(atTrack.data, ofRaceEvent, raceEvent.name, corner);
  return (
    <div className={styles.stack}>
      <h4 className={css.subheading}>Spread at {raceEvent.location}</h4>
      {points.length < 2 ? (
        <p className={styles.muted}>The trend shows once two sessions here have tire temperatures.</p>
      ) : (
        <>
          <ChoiceButtons label="Corner of the spread trend" options={CORNER_OPTIONS} value={corner} onChange={setCorner} />
          <SpreadChart points={points} corner={PRESSURE_CORNERS.find((c) => c.key === corner)!} current={session.id} targets={targets} location={raceEvent.location} units={units} />
        </>
      )}
    </div>
  );
}
