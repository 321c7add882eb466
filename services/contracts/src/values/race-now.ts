import type { PlanWarning, RacePlanInput, StintValue } from '../endurance.ts';
import type { RaceNow } from '../race-now.ts';
import type { RunSession } from '../sessions.ts';
import { litres, minutesText, planRace, stintsInLapOrder } from './endurance.ts';

/**
 * The race running now, for the pit wall on race day: the lap the car is on by the clock, who is
 * driving and for how long, the fuel left, the next stop's window and each driver's time against
 * the race event's driving-time rules — at an instant, from the race's start time, the stints logged
 * and the race plan. Pure (the instant is an argument): the server answers it (GET …/race-now) and
 * the run sheet's 'Race now' panel computes it every second from the session and plan it holds, so
 * the clocks run offline. Units: ms, minutes, litres (L), laps.
 *
 * The rules (a worked example, a 6-hour race at Spa, is written out in test/race-now.unit.test.ts):
 * - Laps run = (now − start − the stop times logged) ÷ the plan's lap time; `estimatedLap` is the
 *   laps COMPLETED (its floor): the car is on lap estimatedLap + 1. A pit wall's lap count
 *   (`LapCorrection`) replaces the estimate at the instant it was made, and the estimate runs on
 *   from there (only the stops logged after its lap count are taken off).
 * - The running stint is the last stint logged (the start driver's from lap 1 while none is); its
 *   minutes run by the clock: (laps run − laps before it) × lap time. A driver's minutes are the
 *   laps of their completed stints × lap time plus the running stint's minutes (pit stop time is
 *   not driving time, as in driverTimes).
 * - Fuel: the car starts with the fuel at start recorded on the session, else a FULL tank (the plan
 *   has no fuel at start; teams start full). Each lap burns the plan's fuel per lap; each stop adds
 *   the litres recorded, up to the tank (what fits); a stop whose litres are not recorded counts as
 *   filled to full, as teams refuel to full, and a warning says so.
 * - Next stop window, in laps the car comes in at the end of ('In on lap'): it closes at the lap the
 *   fuel reaches the reserve — planRace's laps per stint, floor(fuel ÷ (fuel per lap × (1 + margin))),
 *   applied to the fuel in the tank when the running stint began instead of the tank; it opens at the
 *   first lap from which the laps left still fit the same number of full-tank stints (race laps −
 *   lapsPerStint × ceil((race laps − closing lap) ÷ lapsPerStint), with planRace's race laps and
 *   lapsPerStint): an earlier stop costs an extra stop. Never before the next lap. No window (null)
 *   when the fuel lasts to the flag or the plan has no fuel per lap or tank.
 * - minutesToMinimum = max(0, minimum − minutes); minutesToMaximum = maximum − minutes (negative:
 *   over by that much); null when the plan has no such rule.
 * - Warnings (PlanWarning: `driverMemberId` when about one driver, the text then reads after the
 *   driver's name, as planRace's): the race not started yet, a stop's litres not recorded, stints
 *   logged ahead of the estimate, the reserve within RACE_NOW_AHEAD_LAPS laps, the running driver or
 *   stint within RACE_NOW_AHEAD_MINUTES of a maximum (or over one), and a driver whose missing minimum
 *   minutes are as many as the race has left (the plan's race minutes − the time since the start).
 */

/** How far ahead a maximum driving time or stint is announced in the warnings, minutes. */
export const RACE_NOW_AHEAD_MINUTES = 10;
/** How many laps ahead the fuel reaching the reserve is announced in the warnings. */
export const RACE_NOW_AHEAD_LAPS = 5;

/** The pit wall's lap count: `laps` completed at the instant `atMs` (ms since 1970-01-01 UTC). */
export interface LapCorrection {
  laps: number;
  atMs: number;
}

/** A stint as raceNow reads it (the session's stints as answered). */
type LoggedStint = Pick<StintValue, 'driverMemberId' | 'fromLap' | 'toLap' | 'fuelAddedLitres' | 'pitStopMs'>;

/** The inputs of raceNow. */
export interface RaceNowInput {
  /** The instant to compute at, ms since 1970-01-01 UTC. */
  nowMs: number;
  /** When the race started (the session's startedAt), ms since 1970-01-01 UTC. */
  startedAtMs: number;
  /** The stints logged, any order (each after the first begins after a pit stop of `pitStopMs`). */
  stints: readonly LoggedStint[];
  /** The driver who started (the session's driver), the running driver while no stint is logged; null = not named. */
  startDriverMemberId: number | null;
  /** Fuel in the tank at the start, L (the session's fuel at start); null = not recorded: a full tank. */
  fuelAtStartLitres: number | null;
  /** The race plan's inputs, with its expected lap time (ms). */
  plan: RacePlanInput & { lapTimeMs: number };
  /** The pit wall's lap count; null = the clock's estimate alone. */
  correction: LapCorrection | null;
}

/** Minutes to three decimals (0.06 s: the panel's clock shows whole seconds) from ms. */
const minutesOf = (ms: number) => Math.round(ms / 60) / 1000;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** Laps run (with the fraction of the lap under way) at `nowMs`: see raceNow's first rule. */
function lapsRunAt({ nowMs, startedAtMs, correction, plan }: RaceNowInput, stints: readonly LoggedStint[]): number {
  const [laps, fromMs] = correction ? [correction.laps, correction.atMs] : [0, startedAtMs];
  const stopsMs = stints.filter((s) => s.fromLap > 1 && s.fromLap - 1 >= laps).reduce((total, s) => total + s.pitStopMs, 0);
  return laps + Math.max(0, nowMs - fromMs - stopsMs) / plan.lapTimeMs;
}

/** The running stint: the last one logged, else the start driver's from lap 1; null when neither names a driver. */
function runningStint(input: RaceNowInput, stints: readonly LoggedStint[], lapsRun: number): RaceNow['stint'] {
  const last = stints.at(-1);
  const [driverMemberId, fromLap] = last ? [last.driverMemberId, last.fromLap] : [input.startDriverMemberId, 1];
  if (driverMemberId === null) return null;
  return { driverMemberId, fromLap, minutes: minutesOf(Math.max(0, lapsRun - (fromLap - 1)) * input.plan.lapTimeMs) };
}

/** Each driver's minutes and what is left to the rules: the plan's drivers in order, then any other who drove. */
function driversOf({ plan }: RaceNowInput, stints: readonly LoggedStint[], stint: RaceNow['stint']): RaceNow['drivers'] {
  const totalMs = new Map<number, number>(plan.driverMemberIds.map((id) => [id, 0]));
  const add = (id: number, ms: number) => totalMs.set(id, (totalMs.get(id) ?? 0) + ms);
  for (const s of stints.slice(0, -1)) add(s.driverMemberId, (s.toLap - s.fromLap + 1) * plan.lapTimeMs);
  if (stint) add(stint.driverMemberId, stint.minutes * 60_000);
  const { minDriverMinutes: min, maxDriverMinutes: max } = plan.rules;
  return [...totalMs].map(([driverMemberId, ms]) => {
    const minutes = minutesOf(ms);
    return { driverMemberId, minutes, minutesToMinimum: min === null ? null : round3(Math.max(0, min - minutes)), minutesToMaximum: max === null ? null : round3(max - minutes) };
  });
}

/** The warnings of the driving-time rules now (see raceNow's last rule). */
function drivingWarnings({ plan, nowMs, startedAtMs }: RaceNowInput, drivers: RaceNow['drivers'], stint: RaceNow['stint']): PlanWarning[] {
  const { minDriverMinutes: min, maxDriverMinutes: max, maxStintMinutes } = plan.rules;
  const raceLeft = plan.raceMinutes === null ? null : Math.max(0, plan.raceMinutes - (nowMs - startedAtMs) / 60_000);
  const warnings: PlanWarning[] = [];
  for (const { driverMemberId, minutesToMinimum, minutesToMaximum } of drivers) {
    if (minutesToMaximum !== null && minutesToMaximum < 0) warnings.push({ driverMemberId, message: `is ${minutesText(-minutesToMaximum)} over the maximum of ${max} min` });
    else if (minutesToMaximum !== null && driverMemberId === stint?.driverMemberId && minutesToMaximum <= RACE_NOW_AHEAD_MINUTES) warnings.push({ driverMemberId, message: `reaches the maximum of ${max} min in ${minutesText(minutesToMaximum)}` });
    if (minutesToMinimum && raceLeft !== null && minutesToMinimum >= raceLeft) warnings.push({ driverMemberId, message: `needs ${minutesText(minutesToMinimum)} more to reach the minimum of ${min} min, with ${minutesText(raceLeft)} of the race left` });
  }
  if (stint && maxStintMinutes !== null) {
    const left = round3(maxStintMinutes - stint.minutes);
    if (left < 0) warnings.push({ driverMemberId: stint.driverMemberId, message: `is ${minutesText(-left)} over the maximum stint of ${maxStintMinutes} min` });
    else if (left <= RACE_NOW_AHEAD_MINUTES) warnings.push({ driverMemberId: stint.driverMemberId, message: `reaches the maximum stint of ${maxStintMinutes} min in ${minutesText(left)}` });
  }
  return warnings;
}

/** The fuel in the tank when the running stint began (L) and the laps completed by then (see raceNow's fuel rule). */
function fuelAtLastStop(input: RaceNowInput, stints: readonly LoggedStint[], tankLitres: number, fuelPerLapLitres: number, warnings: PlanWarning[]): { lap: number; litres: number } {
  let lap = 0;
  let fuel = input.fuelAtStartLitres ?? tankLitres;
  for (const s of stints) {
    if (s.fromLap <= 1) continue;
    fuel -= (s.fromLap - 1 - lap) * fuelPerLapLitres;
    lap = s.fromLap - 1;
    if (s.fuelAddedLitres === null) warnings.push({ message: `The fuel added at the stop after lap ${lap} is not recorded: counted as filled to the full ${tankLitres} L` });
    fuel = s.fuelAddedLitres === null ? tankLitres : Math.min(tankLitres, fuel + s.fuelAddedLitres);
  }
  return { lap, litres: fuel };
}

/** The fuel left now and the next stop's window (see raceNow's fuel and window rules); nulls without the plan's fuel per lap and tank. */
function fuelNow(input: RaceNowInput, stints: readonly LoggedStint[], estimatedLap: number, warnings: PlanWarning[]): Pick<RaceNow, 'fuelRemainingLitres' | 'nextStop'> {
  const { fuelPerLapLitres: perLap, tankLitres: tank, marginPercent } = input.plan;
  if (perLap === null || tank === null) {
    warnings.push({ message: 'Set the fuel per lap and the tank capacity in the race plan to follow the fuel' });
    return { fuelRemainingLitres: null, nextStop: null };
  }
  const since = fuelAtLastStop(input, stints, tank, perLap, warnings);
  const fuelRemainingLitres = litres(since.litres - Math.max(0, estimatedLap - since.lap) * perLap);
  const reserveLap = since.lap + Math.floor(since.litres / (perLap * (1 + marginPercent / 100)) + 1e-9);
  const { laps: raceLaps, lapsPerStint } = planRace(input.plan);
  if (raceLaps !== null && reserveLap >= raceLaps) return { fuelRemainingLitres, nextStop: null };
  const nextLap = estimatedLap + 1;
  if (reserveLap < nextLap) {
    warnings.push({ message: `Fuel is below the reserve: stop at the end of lap ${nextLap}` });
    return { fuelRemainingLitres, nextStop: { fromLap: nextLap, toLap: nextLap } };
  }
  if (reserveLap - estimatedLap <= RACE_NOW_AHEAD_LAPS) warnings.push({ message: `Fuel runs below the reserve on lap ${reserveLap + 1}: stop by the end of lap ${reserveLap}` });
  if (raceLaps === null) warnings.push({ message: 'Set the race length in the race plan: the stop window then opens where an earlier stop costs no extra stop' });
  const opens = raceLaps === null || !lapsPerStint ? nextLap : raceLaps - lapsPerStint * Math.ceil((raceLaps - reserveLap) / lapsPerStint);
  return { fuelRemainingLitres, nextStop: { fromLap: Math.max(nextLap, opens), toLap: reserveLap } };
}

/** The race now at `input.nowMs` (the rules are in this module's docstring). */
export function raceNow(input: RaceNowInput): RaceNow {
  const stints = stintsInLapOrder(input.stints);
  const warnings: PlanWarning[] = [];
  if (input.correction === null && input.nowMs < input.startedAtMs) warnings.push({ message: `The race starts in ${minutesText((input.startedAtMs - input.nowMs) / 60_000)}` });
  const lapsRun = lapsRunAt(input, stints);
  const estimatedLap = Math.floor(lapsRun + 1e-9);
  const last = stints.at(-1);
  if (last && last.fromLap - 1 > estimatedLap) warnings.push({ message: `The stints logged begin lap ${last.fromLap}, ahead of the estimated lap ${estimatedLap}: correct the lap count` });
  const stint = runningStint(input, stints, lapsRun);
  const drivers = driversOf(input, stints, stint);
  const fuel = fuelNow(input, stints, estimatedLap, warnings);
  warnings.push(...drivingWarnings(input, drivers, stint));
  return { at: new Date(input.nowMs).toISOString(), estimatedLap, stint, ...fuel, drivers, warnings };
}

/** The session fields race now reads. */
type RaceSession = Pick<RunSession, 'name' | 'type' | 'startedAt' | 'driverMemberId' | 'fuelLitres'> & { stints: readonly LoggedStint[] };

/**
 * Why race now cannot be computed for `session` with `plan`, as a sentence for the pit wall (the
 * API's 409), or null when it can: a session that is not a race, one without a readable start time,
 * a plan without an expected lap time.
 */
export function raceNowProblem(session: Pick<RaceSession, 'name' | 'type' | 'startedAt'>, plan: Pick<RacePlanInput, 'lapTimeMs'>): string | null {
  if (session.type !== 'race') return `${session.name} is a ${session.type} session: race now follows a race`;
  if (Number.isNaN(Date.parse(session.startedAt))) return `${session.name} has no start time: set when the race started`;
  if (plan.lapTimeMs === null) return 'The race plan has no lap time: set the expected lap time on the Race Plan tab';
  return null;
}

/** raceNow of a race `session` with its race event's `plan` at `nowMs`; throws where raceNowProblem finds one. */
export function raceNowOf(session: RaceSession, plan: RacePlanInput, nowMs: number, correction: LapCorrection | null): RaceNow {
  const problem = raceNowProblem(session, plan);
  if (problem !== null) throw new Error(problem);
  return raceNow({
    nowMs, startedAtMs: Date.parse(session.startedAt), stints: session.stints, startDriverMemberId: session.driverMemberId, fuelAtStartLitres: session.fuelLitres,
    plan: { ...plan, lapTimeMs: plan.lapTimeMs! }, correction,
  });
}
