import type { Pitwall } from '../src/composition-root.ts';
import { buildTestPitwall, databases, manualClock, MX5, setupTeam } from './helpers.ts';

async function eventAt(pitwall: Pitwall, type: string): Promise<string> {
  const { rows } = await pitwall.deps.db.query<{ at: string }>(`SELECT metadata->>'at' AS at FROM events WHERE type = $1 ORDER BY global_position DESC LIMIT 1`, [type]);
  return rows[0]!.at;
}

describe.each(databases)('the injected clock ($name)', (database) => {
  const clock = manualClock('2026-03-20T09:15:00.000Z');
  let pitwall: Pitwall;
  beforeAll(async () => {
    pitwall = await buildTestPitwall(database, { clock });
  });

  it("stamps every event with the request's instant, and each record's createdAt equals its event's at", async () => {
    const { api } = await setupTeam(pitwall, { username: 'clockdana' });
    expect(await eventAt(pitwall, 'TeamCreated')).toBe('2026-03-20T09:15:00.000Z');

    clock.set('2026-03-21T08:00:00.000Z');
    const car = (await api.post('/api/cars', MX5)).json() as { id: number; createdAt: string };
    expect(car.createdAt).toBe('2026-03-21T08:00:00.000Z');
    expect(await eventAt(pitwall, 'CarCreated')).toBe(car.createdAt);

    clock.set('2026-03-21T08:05:30.000Z');
    const raceEvent = (await api.post(`/api/cars/${car.id}/events`, { name: 'Laguna Seca', location: 'Monterey, CA', date: '2026-03-22' })).json() as { id: number; createdAt: string };
    expect(raceEvent.createdAt).toBe('2026-03-21T08:05:30.000Z');
    expect(await eventAt(pitwall, 'RaceEventScheduled')).toBe(raceEvent.createdAt);

    clock.set('2026-03-21T08:07:00.000Z');
    const issue = (await api.post(`/api/cars/${car.id}/issues`, { carId: car.id, eventId: raceEvent.id, title: 'Brake pedal goes long', description: 'After three laps', type: 'issue', priority: 'high', status: 'open' })).json() as { createdAt: string };
    expect(issue.createdAt).toBe('2026-03-21T08:07:00.000Z');
    expect(await eventAt(pitwall, 'IssueRaised')).toBe(issue.createdAt);

    clock.set('2026-03-21T08:09:00.000Z');
    const item = (await api.post(`/api/cars/${car.id}/checklist`, { title: 'Torque wheel nuts' })).json() as { createdAt: string; updatedAt: string };
    expect([item.createdAt, item.updatedAt]).toEqual(['2026-03-21T08:09:00.000Z', '2026-03-21T08:09:00.000Z']);
    expect(await eventAt(pitwall, 'ChecklistItemAdded')).toBe(item.createdAt);
  });
});
