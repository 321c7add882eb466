import type { RaceEvent, RunSession, SessionType, TeamUnits, TirePressure } from '@pitwall/contracts';
import { displayDigits, fromApiNumber } from '@pitwall/setup-forms/display';
import { localDateTimeValue } from './run-sheet-format';

/**
 * What a new session's form starts from (the pit-wall minute): the next session's name and start,
 * and the values carried over from the session before it or from the race event's setup. Pure;
 * sessions come from the API (psi, °C, ms), texts go into the form in the team's units.
 */

/** The fields of 'Add Session', as the form holds them (numbers as typed, in the team's units). */
export interface SessionFormValues {
  name: string;
  type: SessionType;
  startedAt: string;
  driverMemberId: string;
  airTemp: string;
  trackTemp: string;
  weather: string;
  tireSet: string;
  /** The set from the team's Tires, its id as text ('' = none). */
  tireSetId: string;
  fuelLitres: string;
  notes: string;
  'cold-fl': string;
  'cold-fr': string;
  'cold-rl': string;
  'cold-rr': string;
  coldTemp: string;
}

/** A new session's first values and, per carried-over field, where it came from ('from FP1'). */
export interface SessionDraft {
  values: SessionFormValues;
  /** The mark a carried-over field shows until it is changed, by field. */
  from: Partial<Record<keyof SessionFormValues, string>>;
}

/** The race event's tire pressure row whose cold pressures a first session starts from. */
const COLD_CONDITION = 'Dry (Cold)';

/**
 * The name of the session after `name`: its last number counted up ('FP1' → 'FP2', 'Q1' → 'Q2',
 * 'Race 1' → 'Race 2', 'Stint 9' → 'Stint 10'); a name without a number gets ' 2' ('Qualifying' →
 * 'Qualifying 2').
 */
export function nextSessionName(name: string): string {
  const match = /^(.*?)(\d+)(\D*)$/.exec(name.trim());
  if (!match) return `${name.trim()} 2`;
  const [, head, digits, tail] = match;
  return `${head}${Number(digits) + 1}${tail}`;
}

/** When a session ended: its start plus the sum of its lap times (the start alone without laps). */
function sessionEnd(session: Pick<RunSession, 'startedAt' | 'laps'>): Date {
  return new Date(Date.parse(session.startedAt) + session.laps.reduce((sum, lap) => sum + lap.lapTimeMs, 0));
}

/**
 * The start time a new session gets: the race event's day (its 'YYYY-MM-DD', in the viewer's time
 * zone like every session time) at the time of day `now`; when the previous session ended later
 * than that (a second day of the weekend, or a clock behind), the previous session's end.
 */
export function nextSessionStart(raceEventDate: string, previous: Pick<RunSession, 'startedAt' | 'laps'> | undefined, now: Date): Date {
  const [year, month, day] = raceEventDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const onTheDay = new Date(year, month - 1, day, now.getHours(), now.getMinutes());
  if (!previous) return onTheDay;
  const end = sessionEnd(previous);
  return end > onTheDay ? end : onTheDay;
}


/**
 * The Add Session form's first values. Without `previous`: a blank form on the race event's day at
 * the time now, with the race event's weather. With `previous` (the session it follows): the next
 * name and the same type; the same driver, air and track temperature, weather and tire set (the free text and the set from the team's Tires); the
 * cold pressures as set last — `previous`'s cold pressures and their temperature, else the race
 * event's effective 'Dry (Cold)' row (`tirePressures`, text with units, converted to the team's
 * units) with the carried air temperature as the temperature when set. Each carried field is
 * marked 'from <previous name>' (the row's: 'from Dry (Cold)'). With `carryValues` false, only the
 * name, type and start follow `previous`.
 */
export function nextSessionDraft({ raceEvent, previous, carryValues = true, tirePressures, units, now }: {
  raceEvent: Pick<RaceEvent, 'date' | 'weather'>;
  previous: RunSession | undefined;
  /**
   * Whether values are carried over from `previous` ('Next session'); false for Add Session alone,
   * which names and times the session after `previous` but carries nothing a person did not enter
   * for it (no driver, conditions, tire set or cold pressures).
   */
  carryValues?: boolean;
  /** The race event's effective tire pressure rows (GET …/tire-pressures?eventId=). */
  tirePressures: readonly TirePressure[] | undefined;
  units: TeamUnits;
  now: Date;
}): SessionDraft {
  const values: SessionFormValues = {
    name: '', type: 'practice', startedAt: localDateTimeValue(nextSessionStart(raceEvent.date, previous, now)), driverMemberId: '', airTemp: '', trackTemp: '',
    weather: raceEvent.weather ?? '', tireSet: '', tireSetId: '', fuelLitres: '', notes: '', 'cold-fl': '', 'cold-fr': '', 'cold-rl': '', 'cold-rr': '', coldTemp: '',
  };
  const from: SessionDraft['from'] = {};
  if (!previous) return { values, from };
  const mark = `from ${previous.name}`;
  const carry = (field: Exclude<keyof SessionFormValues, 'type'>, text: string | null, by = mark) => {
    if (text === null || text === '') return;
    values[field] = text;
    from[field] = by;
  };
  values.name = nextSessionName(previous.name);
  values.type = previous.type;
  if (!carryValues) return { values, from };
  carry('driverMemberId', previous.driverMemberId === null ? null : String(previous.driverMemberId));
  carry('airTemp', previous.airTempC === null ? null : fromApiNumber(previous.airTempC, 'temperature', units));
  carry('trackTemp', previous.trackTempC === null ? null : fromApiNumber(previous.trackTempC, 'temperature', units));
  if (previous.weather) carry('weather', previous.weather);
  carry('tireSet', previous.tireSet);
  carry('tireSetId', previous.tireSetId === null ? null : String(previous.tireSetId));
  const cold = previous.tirePressures.cold;
  if (cold) {
    for (const corner of ['fl', 'fr', 'rl', 'rr'] as const) carry(`cold-${corner}`, fromApiNumber(cold[corner], 'pressure', units));
    carry('coldTemp', fromApiNumber(cold.tempC, 'temperature', units));
    return { values, from };
  }
  const row = tirePressures?.find((r) => r.condition.trim().toLowerCase() === COLD_CONDITION.toLowerCase());
  const corners = row && ([['fl', row.frontLeft], ['fr', row.frontRight], ['rl', row.rearLeft], ['rr', row.rearRight]] as const).map(([corner, text]) => [corner, displayDigits(text, 'pressure', units)] as const);
  if (corners?.every(([, digits]) => digits !== null)) {
    for (const [corner, digits] of corners) carry(`cold-${corner}`, digits, `from ${row!.condition}`);
    carry('coldTemp', values.airTemp);
  }
  return { values, from };
}
