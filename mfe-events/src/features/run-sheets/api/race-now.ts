import { useEffect, useState } from 'react';
import type { RaceNow, RunSession } from '@pitwall/contracts';
import { raceNowOf, raceNowProblem, type LapCorrection } from '@pitwall/contracts/values';
import { useRacePlan } from '../../race-plan';

/**
 * Race now on the phone (endurance racing, race day): raceNow of the contracts computed in the
 * browser every second from the race session the run sheet holds and the race event's plan
 * (useRacePlan, key ['cars', carId, 'events', raceEventId, 'race-plan']), so the clocks run without
 * the network and from the persisted cache offline. No query of its own: its inputs are the session
 * list and the plan, which the change table refreshes (SessionStintsSet, SessionLapsSet,
 * SessionDetailsRevised → the race event's sessions; RacePlanSet → everything under the car's race
 * events), so a stop logged on another phone shows here at once. GET …/race-now answers the same
 * for other clients.
 */

/** How often the race-now clocks tick, ms. */
const RACE_NOW_TICK_MS = 1000;

/** The problem shown when the race plan is neither cached nor reachable. */
const PLAN_NOT_LOADED = 'The race plan could not be loaded: race now shows once this phone has had it (open the run sheet online once)';

/** The wall clock (ms since 1970), read again every `periodMs`. */
function useNowMs(periodMs: number): number {
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return nowMs;
}

/** Where this device keeps the pit wall's lap count of session `sessionId` (localStorage; the lap count is this phone's, not shared). */
const correctionKey = (sessionId: number) => `pitwall-race-now-lap-count-${sessionId}`;

function readCorrection(sessionId: number): LapCorrection | null {
  try {
    const stored = JSON.parse(localStorage.getItem(correctionKey(sessionId)) ?? 'null') as Partial<LapCorrection> | null;
    return stored && Number.isInteger(stored.laps) && Number.isFinite(stored.atMs) ? { laps: stored.laps!, atMs: stored.atMs! } : null;
  } catch {
    return null;
  }
}

function keepCorrection(sessionId: number, correction: LapCorrection | null): void {
  try {
    if (correction) localStorage.setItem(correctionKey(sessionId), JSON.stringify(correction));
    else localStorage.removeItem(correctionKey(sessionId));
  } catch {
    // No storage (private mode): the lap count lasts while the page is open.
  }
}

/** What the race-now panel shows and does. */
export interface RaceNowState {
  /** The race now, recomputed every RACE_NOW_TICK_MS; null while the plan is not known or with a `problem`. */
  answer: RaceNow | null;
  /** Why it cannot be computed (raceNowProblem: no lap time in the plan, …; or PLAN_NOT_LOADED); null when it can. */
  problem: string | null;
  /** True until the race plan is first known (fetched or restored from the cache) or has failed to load. */
  loading: boolean;
  /** The pit wall's lap count in force; null = the clock's estimate. */
  correction: LapCorrection | null;
  /** Counts `delta` laps (+1 / −1) on the lap shown, from this instant (kept on this device). */
  correctLap(delta: number): void;
  /** Back to the clock's estimate. */
  clearCorrection(): void;
}

/** Race now of race `session` of car `carId` (see the module's docstring). */
export function useRaceNow(carId: number, session: RunSession): RaceNowState {
  const planQuery = useRacePlan(carId, session.eventId);
  const plan = planQuery.data;
  const nowMs = useNowMs(RACE_NOW_TICK_MS);
  const [correction, setCorrection] = useState(() => readCorrection(session.id));
  const problem = plan ? raceNowProblem(session, plan) : planQuery.isError ? PLAN_NOT_LOADED : null;
  const answer = plan && problem === null ? raceNowOf(session, plan, nowMs, correction) : null;
  const keep = (next: LapCorrection | null) => {
    keepCorrection(session.id, next);
    setCorrection(next);
  };
  return {
    answer,
    problem,
    loading: planQuery.isPending,
    correction,
    correctLap: (delta) => {
      if (answer) keep({ laps: Math.max(0, answer.estimatedLap + delta), atMs: Date.now() });
    },
    clearCorrection: () => keep(null),
  };
}
