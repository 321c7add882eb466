import { QueryClient } from '@tanstack/react-query';
import { invalidateChange } from './change-invalidations';

/** The keys of the queries in a client that change `type` of series 3 marks stale. */
async function staleAfter(type: string, keys: readonly (readonly unknown[])[]): Promise<string[]> {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 1);
  await invalidateChange(client, type, { teamId: null, carId: null, seriesId: 3 });
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => JSON.stringify(q.queryKey));
}

const KEYS = [['series', 3, 'rounds', 11, 'timetable'], ['cars', 7, 'events'], ['cars', 7, 'events', 5], ['cars', 7, 'events', 5, 'sessions'], ['cars', 7], ['teams']] as const;

describe('a published timetable (TimetableSet) in the change table', () => {
  it("refreshes the round's timetable and every car's race events and sessions it is delivered to", async () => {
    const stale = await staleAfter('TimetableSet', KEYS);
    expect(stale).toEqual(expect.arrayContaining(['["series",3,"rounds",11,"timetable"]', '["cars",7,"events"]', '["cars",7,"events",5]', '["cars",7,"events",5,"sessions"]']));
    expect(stale).not.toContain('["cars",7]');
    expect(stale).not.toContain('["teams"]');
  });

  it("another series change leaves the cars' race events alone", async () => {
    const stale = await staleAfter('BopSet', KEYS);
    expect(stale).toEqual(['["series",3,"rounds",11,"timetable"]']);
  });
});
