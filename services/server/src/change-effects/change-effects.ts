import { changeEffect, setupChanges, type ChangeEffect, type ChangeEffectThresholds, type FieldChangeEffect, type RaceEvent, type RunSession } from '@pitwall/contracts';
import { listRaceEvents, listSessions, listTireSetLapsBefore } from '@pitwall/read-models';
import { findSetupAsRun } from '../audit/setup-as-run.ts';
import type { AppDeps } from '../deps.ts';

type Deps = Pick<AppDeps, 'store' | 'db'>;

/**
 * The change effects of a race event's sessions: for each session after the first, in running
 * order, the setup changes from the previous session's setup as run to its own (empty when the car
 * had no setup recorded), the conditions and lap-time deltas, and the verdict (changeEffect, with
 * the team's `thresholds`). Caller checks tenancy of the car and race event.
 */
export async function listChangeEffects(deps: Deps, teamId: number, carId: number, raceEventId: number, thresholds: ChangeEffectThresholds): Promise<{ effect: ChangeEffect; sessions: [RunSession, RunSession] }[]> {
  const sessions = await listSessions(deps.db, carId, raceEventId);
  if (sessions.length < 2) return [];
  const tireLaps = await listTireSetLapsBefore(deps.db, teamId, sessions.map((s) => s.id));
  const setups = await Promise.all(sessions.map((s) => findSetupAsRun(deps, s)));
  const facts = (s: RunSession) => ({
    name: s.name, driverMemberId: s.driverMemberId, tireSetLaps: tireLaps.get(s.id) ?? null, trackTempC: s.trackTempC, fuelLitres: s.fuelLitres, laps: s.laps,
  });
  return sessions.slice(1).map((after, i) => {
    const before = sessions[i]!;
    const [a, b] = [setups[i]?.raceEvent, setups[i + 1]?.raceEvent];
    const changes = a && b ? setupChanges(a.setup, b.setup) : [];
    return { effect: changeEffect({ sessionId: after.id, previousSessionId: before.id }, facts(before), facts(after), changes, thresholds), sessions: [before, after] };
  });
}

const sameLocation = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Every time the car's setup `field` (API name) was changed between two runs of a race event, at
 * race events at `location` (trimmed, case ignored; undefined: anywhere), newest race event first
 * and in running order within one. Caller checks tenancy of the car.
 */
export async function listFieldChangeEffects(deps: Deps, teamId: number, carId: number, query: { field: string; location?: string | undefined }, thresholds: ChangeEffectThresholds): Promise<FieldChangeEffect[]> {
  const raceEvents = (await listRaceEvents(deps.db, carId)).filter((e: RaceEvent) => query.location === undefined || sameLocation(e.location, query.location));
  const out: FieldChangeEffect[] = [];
  for (const raceEvent of raceEvents) {
    for (const { effect, sessions } of await listChangeEffects(deps, teamId, carId, raceEvent.id, thresholds)) {
      const change = effect.changes.find((c) => c.field === query.field);
      if (!change) continue;
      out.push({
        raceEvent: { id: raceEvent.id, name: raceEvent.name, location: raceEvent.location, date: raceEvent.date },
        sessionName: sessions[1].name,
        previousSessionName: sessions[0].name,
        change,
        effect,
      });
    }
  }
  return out;
}
