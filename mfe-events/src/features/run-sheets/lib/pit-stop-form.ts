import type { PitStopAnswer, PostPitStopBody } from '@pitwall/contracts';
import { MAX_PIT_STOP_MS } from '@pitwall/contracts/values';
import { typedNumber as typed } from './typed-number';

/** The 'Pit stop' sheet's fields as typed: in lap, driver out (member id or ''), fuel added (L), stop time (s), tires fitted (set id or ''). */
export type PitStopForm = Record<'inLap' | 'driver' | 'litres' | 'stopSeconds' | 'tireSetId', string>;


/**
 * The in lap the sheet offers for the next stop: the last stop's in lap plus the race plan's laps
 * per stint (`lapsPerStint`, null without a plan), else the laps recorded so far (`lapCount`), else
 * blank. Example: last stop in on lap 30, 28 laps per stint → '58'.
 */
export function nextInLap(stops: readonly Pick<PitStopAnswer, 'inLap'>[], lapsPerStint: number | null, lapCount: number): string {
  const last = stops.reduce((max, s) => Math.max(max, s.inLap), 0);
  if (lapsPerStint) return String(last + lapsPerStint);
  return lapCount > last ? String(lapCount) : '';
}

/** The sheet's fields for a new stop (in lap offered, the driver out blank: the same driver stays in unless one is chosen) or for `stop` as logged. */
export function pitStopFormOf(stop: PitStopAnswer | null, offeredInLap: string): PitStopForm {
  if (!stop) return { inLap: offeredInLap, driver: '', litres: '', stopSeconds: '', tireSetId: '' };
  const text = (v: number | null) => (v === null ? '' : String(v));
  return { inLap: String(stop.inLap), driver: text(stop.driverMemberId), litres: text(stop.fuelAddedLitres), stopSeconds: stop.stopMs === null ? '' : String(stop.stopMs / 1000), tireSetId: text(stop.tireSetId) };
}

/**
 * The sheet's fields read as a stop's body (blank = not recorded: null), or the message of each
 * field that does not read: in lap a whole lap from 1 (to `lapCount` when the session has laps),
 * fuel 0–500 L, stop time 0 s – 24 h.
 */
export function readPitStopForm(form: PitStopForm, lapCount: number): { body: Required<Omit<PostPitStopBody, 'at' | 'notes'>> } | { errors: Partial<Record<keyof PitStopForm, string>> } {
  const [inLap, litres, seconds] = [typed(form.inLap), typed(form.litres), typed(form.stopSeconds)];
  const errors: Partial<Record<keyof PitStopForm, string>> = {};
  if (inLap === null || !Number.isInteger(inLap) || inLap < 1 || (lapCount > 0 && inLap > lapCount)) errors.inLap = lapCount > 0 ? `Enter the lap the car came in on, 1 to ${lapCount}` : 'Enter the lap the car came in on, 1 or more';
  if ((litres === null && form.litres.trim() !== '') || (litres !== null && (litres < 0 || litres > 500))) errors.litres = 'Enter the litres added, 0 to 500, or leave it blank';
  if ((seconds === null && form.stopSeconds.trim() !== '') || (seconds !== null && (seconds < 0 || seconds * 1000 > MAX_PIT_STOP_MS))) errors.stopSeconds = `Enter the stop time in seconds, 0 to ${MAX_PIT_STOP_MS / 1000}, or leave it blank`;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      inLap: inLap!, fuelAddedLitres: litres, stopMs: seconds === null ? null : Math.round(seconds * 1000),
      driverMemberId: form.driver === '' ? null : Number(form.driver), tireSetId: form.tireSetId === '' ? null : Number(form.tireSetId),
    },
  };
}
