import type { DriverTime, DrivingRules, PlannedStint, PlanWarning, RaceAsRun, RacePlanAnswers, RacePlanInput, RacePlanSuggestions, RunStint, StintValue } from '../endurance.ts';

/**
 * The endurance rules and arithmetic (stints, driving times, fuel per lap as run, the race plan),
 * free of zod so the run sheet and the race plan compute them without the schema library;
 * ../endurance.ts holds the schemas of their inputs and answers and re-exports these functions.
 * Units: litres (L), milliseconds (ms), minutes, percent.
 */

export { MAX_PIT_STOP_MS, STINT_SPLITS, type StintSplit } from './endurance-constants.ts';

/**
 * Why `stints` cannot be stored for a session of `lapCount` laps, as `stints[i]: sentence` naming the
 * first stint at fault (i counted from 0, as in the request body); null when they can. A stint must
 * start no later than it ends, lie within laps 1 … lapCount, and share no lap with another stint.
 */
export function stintsProblem(stints: readonly Pick<StintValue, 'fromLap' | 'toLap'>[], lapCount: number): string | null {
  for (const [i, s] of stints.entries()) {
    if (s.fromLap > s.toLap) return `stints[${i}]: fromLap ${s.fromLap} is after toLap ${s.toLap}`;
    if (s.toLap > lapCount) return `stints[${i}]: laps ${s.fromLap}–${s.toLap} lie outside the session's ${lapCount} laps`;
  }
  const order = stints.map((s, i) => ({ ...s, i })).sort((a, b) => a.fromLap - b.fromLap || a.i - b.i);
  for (let k = 1; k < order.length; k++) {
    const [before, after] = [order[k - 1]!, order[k]!];
    if (after.fromLap <= before.toLap) return `stints[${after.i}]: laps ${after.fromLap}–${after.toLap} overlap stints[${before.i}] (laps ${before.fromLap}–${before.toLap})`;
  }
  return null;
}

/** Stints in lap order (the order they were driven). */
export const stintsInLapOrder = <T extends Pick<StintValue, 'fromLap'>>(stints: readonly T[]): T[] => [...stints].sort((a, b) => a.fromLap - b.fromLap);

/**
 * Each driver's time on track and laps over `stints` of a session whose lap times are `lapTimesMs`
 * (index 0 = lap 1): the lap times of the laps each stint covers (pit stop time is not driving
 * time: the in and out laps already hold the pit lane). Drivers in order of their first stint.
 * Laps of a stint that the session does not hold (yet) count nothing.
 */
export function driverTimes(stints: readonly Pick<StintValue, 'driverMemberId' | 'fromLap' | 'toLap'>[], lapTimesMs: readonly number[]): DriverTime[] {
  const byDriver = new Map<number, DriverTime>();
  for (const s of stintsInLapOrder(stints)) {
    const laps = lapTimesMs.slice(s.fromLap - 1, s.toLap);
    const total = byDriver.get(s.driverMemberId) ?? { driverMemberId: s.driverMemberId, ms: 0, laps: 0 };
    byDriver.set(s.driverMemberId, { ...total, ms: total.ms + laps.reduce((a, b) => a + b, 0), laps: total.laps + laps.length });
  }
  return [...byDriver.values()];
}

/** Adds up driver times of several sessions (a race event), drivers in order of first appearance. */
export function sumDriverTimes(lists: readonly (readonly DriverTime[])[]): DriverTime[] {
  const byDriver = new Map<number, DriverTime>();
  for (const t of lists.flat()) {
    const total = byDriver.get(t.driverMemberId) ?? { driverMemberId: t.driverMemberId, ms: 0, laps: 0 };
    byDriver.set(t.driverMemberId, { driverMemberId: t.driverMemberId, ms: total.ms + t.ms, laps: total.laps + t.laps });
  }
  return [...byDriver.values()];
}

/**
 * Fuel per lap as run, L/lap: (fuel at start + fuel added at the stops − fuel at end) ÷ laps. Null
 * when the start or end fuel or the fuel added at any stop (null) is not recorded — the figure
 * would count the unknown litres as none (0.5 L/lap over a race run at 3) —, there are no laps, or the result is not above 0 (a
 * misread gauge must not feed the planner).
 */
export function fuelPerLapAsRun(fuelAtStartLitres: number | null, addedLitres: readonly (number | null)[], fuelAtEndLitres: number | null, laps: number): number | null {
  if (fuelAtStartLitres === null || fuelAtEndLitres === null || laps === 0 || addedLitres.includes(null)) return null;
  const used = fuelAtStartLitres + addedLitres.reduce<number>((a, b) => a + (b ?? 0), 0) - fuelAtEndLitres;
  return used > 0 ? Math.round((used / laps) * 1000) / 1000 : null;
}

/** Minutes with one decimal, as the warnings print them: 4 → '4 min', 63.94 → '63.9 min'. */
export const minutesText = (minutes: number) => `${Math.round(minutes * 10) / 10} min`;

/**
 * The rule warnings of driving times: a driver's total under the minimum or over the maximum
 * (`totals`: minutes per driver), and each stint longer than the maximum continuous stint
 * (`stints`: the driver and minutes of each stint, in driving order; numbered from 1 in the text).
 */
export function drivingRuleWarnings(rules: DrivingRules, totals: readonly { driverMemberId: number; minutes: number }[], stints: readonly { driverMemberId: number; minutes: number }[]): PlanWarning[] {
  const warnings: PlanWarning[] = [];
  for (const { driverMemberId, minutes } of totals) {
    if (rules.minDriverMinutes !== null && minutes < rules.minDriverMinutes) warnings.push({ driverMemberId, message: `drives ${minutesText(minutes)}, under the minimum of ${rules.minDriverMinutes} min` });
    if (rules.maxDriverMinutes !== null && minutes > rules.maxDriverMinutes) warnings.push({ driverMemberId, message: `drives ${minutesText(minutes)}, over the maximum of ${rules.maxDriverMinutes} min` });
  }
  for (const [i, { driverMemberId, minutes }] of stints.entries()) {
    if (rules.maxStintMinutes !== null && minutes > rules.maxStintMinutes) warnings.push({ driverMemberId, message: `stint ${i + 1} lasts ${minutesText(minutes)}, over the maximum stint of ${rules.maxStintMinutes} min` });
  }
  return warnings;
}

/** Litres to two decimals (a fuel rig reads to 0.1 L; two keep the sums exact enough to check). */
export const litres = (value: number) => Math.round(value * 100) / 100;

/**
 * Plans a race: the arithmetic done on paper in the pit box, with these formulas.
 *
 * - laps = raceLaps when given, else ceil((raceMinutes × 60 000 − stops × minStopMs) ÷ lapTimeMs): a
 *   timed race ends when the leader finishes the lap under way at the flag, so a started lap counts,
 *   and each stop stands the car still for at least the minimum stop time, which is not spent on
 *   track (the pit lane's transit is in the in and out laps' times). Stops and laps depend on each
 *   other: the stops taken off are the fewest whose time leaves no more laps than they cover (a
 *   race one lap longer than a tank whose stop would cost more than that lap plans no stop).
 * - lapsPerStint = floor(tankLitres ÷ (fuelPerLapLitres × (1 + marginPercent ÷ 100))): the laps a
 *   full tank covers keeping the reserve margin. 0 (a tank that does not hold a lap) is a warning.
 * - stops = ceil(laps ÷ lapsPerStint) − 1 (0 for a race shorter than one stint).
 * - fuelTotalLitres = laps × fuelPerLapLitres × (1 + margin).
 * - stints: stops + 1. 'full-tanks': each lapsPerStint laps, the last one the laps left; 'even': the
 *   laps spread evenly (earlier stints take the odd laps). Each carries its
 *   laps × fuel per lap × (1 + margin) L (the first at the start, the others added at the stop);
 *   drivers in the listed order, round again when there are more stints than drivers. Minutes of a
 *   stint = its laps × lapTimeMs (0 without a lap time).
 * - warnings: missing inputs, then drivingRuleWarnings over each listed driver's planned minutes
 *   (a listed driver without a stint drives 0 min) and each stint.
 *
 * Examples: 50 laps at 2.5 L/lap with 5 % margin → 131.25 L; an 80 L tank → 30 laps per stint → 1
 * stop, stints of 30 and 20 laps with full tanks, 25 and 25 split evenly. 6 hours at 2:00.000 → 180
 * laps → 5 stops; with a 90 s minimum stop, ceil((21 600 − 5 × 90) ÷ 120) = 177 laps, still 5 stops.
 */
/**
 * The laps of a race (planRace's first rule): raceLaps when given; else, for a timed race with a lap
 * time, the laps that fit once the stops' minimum stop time is taken off, the stops counted with
 * `lapsPerStint` (none without it); null when the length is not known.
 */
function raceLapsOf(input: Pick<RacePlanInput, 'raceLaps' | 'raceMinutes' | 'lapTimeMs' | 'minStopMs'>, lapsPerStint: number | null): number | null {
  if (input.raceLaps !== null) return input.raceLaps;
  if (input.raceMinutes === null || input.lapTimeMs === null) return null;
  const lapsWith = (stops: number) => Math.max(1, Math.ceil((input.raceMinutes! * 60_000 - stops * (input.minStopMs ?? 0)) / input.lapTimeMs!));
  const stopsFor = (laps: number) => (lapsPerStint ? Math.ceil(laps / lapsPerStint) - 1 : 0);
  // More stops leave fewer laps, which never need more stops: the first count that covers its own laps is the fewest.
  let stops = 0;
  while (stopsFor(lapsWith(stops)) > stops) stops++;
  return lapsWith(stops);
}

export function planRace(input: RacePlanInput): RacePlanAnswers {
  const warnings: PlanWarning[] = [];
  const margin = 1 + input.marginPercent / 100;
  if (input.raceLaps === null && (input.raceMinutes === null || input.lapTimeMs === null)) warnings.push({ message: 'Set the race length in laps, or in minutes with the expected lap time' });
  if (input.fuelPerLapLitres === null) warnings.push({ message: 'Set the fuel per lap to plan the stints and the fuel' });
  if (input.tankLitres === null) warnings.push({ message: 'Set the tank capacity to plan the stints' });
  const fuelPerLap = input.fuelPerLapLitres;
  const lapsPerStint = fuelPerLap !== null && input.tankLitres !== null ? Math.floor(input.tankLitres / (fuelPerLap * margin) + 1e-9) : null;
  if (lapsPerStint === 0) warnings.push({ message: 'The tank does not hold the fuel for one lap with this margin' });
  const laps = raceLapsOf(input, lapsPerStint || null);
  const fuelTotalLitres = laps !== null && fuelPerLap !== null ? litres(laps * fuelPerLap * margin) : null;
  if (laps === null || !lapsPerStint) return { laps, lapsPerStint, stops: null, fuelTotalLitres, stints: [], warnings };

  const stintCount = Math.ceil(laps / lapsPerStint);
  const stints: PlannedStint[] = [];
  let fromLap = 1;
  for (let i = 0; i < stintCount; i++) {
    const stintLaps = input.stintSplit === 'even' ? Math.floor(laps / stintCount) + (i < laps % stintCount ? 1 : 0) : Math.min(lapsPerStint, laps - fromLap + 1);
    const driverMemberId = input.driverMemberIds.length > 0 ? input.driverMemberIds[i % input.driverMemberIds.length]! : null;
    const minutes = input.lapTimeMs === null ? 0 : Math.round(((stintLaps * input.lapTimeMs) / 60_000) * 10) / 10;
    stints.push({ driverMemberId, fromLap, toLap: fromLap + stintLaps - 1, fuelLitres: litres(stintLaps * fuelPerLap! * margin), minutes });
    fromLap += stintLaps;
  }
  if (input.lapTimeMs !== null) {
    const totals = input.driverMemberIds.map((driverMemberId) => ({ driverMemberId, minutes: stints.filter((s) => s.driverMemberId === driverMemberId).reduce((a, s) => a + s.minutes, 0) }));
    warnings.push(...drivingRuleWarnings(input.rules, totals, stints.flatMap((s) => (s.driverMemberId === null ? [] : [{ driverMemberId: s.driverMemberId, minutes: s.minutes }]))));
  }
  return { laps, lapsPerStint, stops: stintCount - 1, fuelTotalLitres, stints, warnings };
}

/** Minutes with one decimal from ms. */
const minutesOf = (ms: number) => Math.round(ms / 6000) / 10;

/**
 * The race as run from the race event's sessions of type 'race' (in running order): every stint with
 * its laps and minutes on track (the lap times of its laps), each driver's time over all of them
 * (sumDriverTimes of driverTimes), and drivingRuleWarnings of those totals and stints against `rules`.
 */
export function raceAsRun(sessions: readonly { id: number; type: string; laps: readonly { lapTimeMs: number }[]; stints: readonly StintValue[] }[], rules: DrivingRules): RaceAsRun {
  const races = sessions.filter((s) => s.type === 'race');
  const stints = races.flatMap((session) =>
    stintsInLapOrder(session.stints).map((s): RunStint => {
      const laps = session.laps.slice(s.fromLap - 1, s.toLap);
      return { sessionId: session.id, driverMemberId: s.driverMemberId, fromLap: s.fromLap, toLap: s.toLap, laps: laps.length, fuelAddedLitres: s.fuelAddedLitres, minutes: minutesOf(laps.reduce((a, l) => a + l.lapTimeMs, 0)) };
    }),
  );
  const driverTime = sumDriverTimes(races.map((session) => driverTimes(session.stints, session.laps.map((l) => l.lapTimeMs))));
  const warnings = drivingRuleWarnings(rules, driverTime.map((t) => ({ driverMemberId: t.driverMemberId, minutes: t.ms / 60_000 })), stints);
  return { stints, driverTime, warnings };
}

/**
 * The planner's suggestions from the car's sessions at this track (any order): the expected lap
 * time = the average of the best three of the car's LAST practice session there that has three timed
 * laps (`averageBestThreeMs`, by start time; the user adds the margin they want on the plan screen); fuel per lap = the mean of the
 * fuel per lap as run of the sessions that have one, rounded to 0.01 L.
 */
export function racePlanSuggestions(sessions: readonly { type: string; startedAt: string; averageBestThreeMs: number | null; fuelPerLapLitres: number | null }[]): RacePlanSuggestions {
  const practice = sessions.filter((s) => s.type === 'practice' && s.averageBestThreeMs !== null).sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0];
  const fuel = sessions.flatMap((s) => (s.fuelPerLapLitres === null ? [] : [s.fuelPerLapLitres]));
  return {
    lapTimeMs: practice ? practice.averageBestThreeMs! : null,
    fuelPerLapLitres: fuel.length === 0 ? null : Math.round((fuel.reduce((a, b) => a + b, 0) / fuel.length) * 100) / 100,
  };
}
