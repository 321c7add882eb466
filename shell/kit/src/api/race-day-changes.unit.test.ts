import type { QueryKey } from '@tanstack/react-query';
import { invalidationsOf } from './change-invalidations';
import { racePlanKey } from './query-keys';
import { getSessionsQueryOptions } from './sessions';

/** True when change `type` of car 7's race event 3 refreshes (invalidates and refetches) the query `key`. */
function refreshes(type: string, key: QueryKey): boolean {
  return invalidationsOf(type, { teamId: 1, carId: 7, raceEventId: 3, sessionId: 21 }).some(
    (f) => f.queryKey !== undefined && f.refetchType !== 'none' && (f.exact ? f.queryKey.length === key.length : f.queryKey.length <= key.length) && f.queryKey.every((part, i) => part === key[i]),
  );
}

describe('useRaceNow’s inputs in the change table', () => {
  it('a stop, laps or a new start time logged anywhere refresh the session list race now reads', () => {
    const sessions = getSessionsQueryOptions(7, 3).queryKey;
    for (const type of ['SessionStintsSet', 'SessionLapsSet', 'SessionDetailsRevised']) expect(refreshes(type, sessions), type).toBe(true);
    expect(refreshes('ChecklistItemAdded', sessions)).toBe(false);
  });

  it('a saved race plan refreshes the plan race now reads', () => {
    expect(refreshes('RacePlanSet', racePlanKey(7, 3))).toBe(true);
  });
});
