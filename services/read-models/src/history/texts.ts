import { FEEDBACK_TAGS, formatLapTime, lapStatistics, SESSION_TYPES, type LapValue, type RacePlanInput, type SessionDetails, type StintValue } from '@pitwall/contracts';

/** An instant as 'YYYY-MM-DD HH:MM UTC'. */
export const utcMinute = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const SESSION_TYPE_LABELS = Object.fromEntries(SESSION_TYPES.map((t) => [t.value, t.label]));
const FEEDBACK_LABELS = Object.fromEntries(FEEDBACK_TAGS.map((t) => [t.value, t.label]));

/** A number with its unit ('95 L'), or null for null. */
export const withUnit = (value: number | null, unit: string) => (value === null ? null : `${value} ${unit}`);

/**
 * A session's details as display texts for its history (°C, litres; the start as 'YYYY-MM-DD HH:MM
 * UTC'). `driverMemberId` is kept so the INSERT can name the driver as the team knows them then.
 */
export function sessionDetailsText(d: SessionDetails): Record<string, unknown> {
  return {
    name: d.name,
    type: SESSION_TYPE_LABELS[d.type],
    startedAt: utcMinute(d.startedAt),
    driverMemberId: d.driverMemberId,
    airTempC: withUnit(d.airTempC, '°C'),
    trackTempC: withUnit(d.trackTempC, '°C'),
    weather: d.weather,
    tireSet: d.tireSet,
    fuelLitres: withUnit(d.fuelLitres, 'L'),
    notes: d.notes,
    feedbackTags: d.feedbackTags.map((t) => FEEDBACK_LABELS[t]).join(', ') || null,
    feedbackText: d.feedbackText,
  };
}

/** '14 laps, 11 timed, best 1:42.318'. */
export function lapsText(laps: readonly LapValue[]): string {
  const { bestLapMs, timedLapCount } = lapStatistics(laps);
  return [`${laps.length} ${laps.length === 1 ? 'lap' : 'laps'}`, `${timedLapCount} timed`, bestLapMs !== null && `best ${formatLapTime(bestLapMs)}`].filter(Boolean).join(', ');
}

/** '3 stints, 2 stops, 95 L added' ('95 L added where recorded' when a stop's fuel is not recorded; an empty list: null, none recorded). */
export function stintsText(stints: readonly StintValue[]): string | null {
  if (stints.length === 0) return null;
  const added = stints.reduce((a, s) => a + (s.fuelAddedLitres ?? 0), 0);
  const stops = stints.length - 1;
  const partly = stints.some((s) => s.fuelAddedLitres === null) ? ' where recorded' : '';
  return `${stints.length} ${stints.length === 1 ? 'stint' : 'stints'}, ${stops} ${stops === 1 ? 'stop' : 'stops'}, ${Math.round(added * 10) / 10} L added${partly}`;
}

/** A race plan's inputs as display texts (minutes, laps, m:ss.fff, L, %, s); driver ids as a list of ids in driving order. */
export function racePlanText(p: RacePlanInput): Record<string, unknown> {
  const rules = [
    p.rules.minDriverMinutes !== null && `min ${p.rules.minDriverMinutes} min a driver`,
    p.rules.maxDriverMinutes !== null && `max ${p.rules.maxDriverMinutes} min a driver`,
    p.rules.maxStintMinutes !== null && `max ${p.rules.maxStintMinutes} min a stint`,
  ].filter(Boolean);
  return {
    raceLength: p.raceLaps !== null ? `${p.raceLaps} laps` : withUnit(p.raceMinutes, 'min'),
    lapTime: p.lapTimeMs === null ? null : formatLapTime(p.lapTimeMs),
    fuelPerLap: withUnit(p.fuelPerLapLitres, 'L/lap'),
    tank: withUnit(p.tankLitres, 'L'),
    margin: `${p.marginPercent} %`,
    minStop: p.minStopMs === null ? null : `${p.minStopMs / 1000} s`,
    drivers: p.driverMemberIds.length === 0 ? null : `${p.driverMemberIds.length} in order (member ids ${p.driverMemberIds.join(', ')})`,
    rules: rules.length === 0 ? null : rules.join(', '),
  };
}

/** 'FL 28, FR 28, RL 27, RR 27 psi'. */
export const cornersText = (p: { fl: number; fr: number; rl: number; rr: number }) => `FL ${p.fl}, FR ${p.fr}, RL ${p.rl}, RR ${p.rr} psi`;
