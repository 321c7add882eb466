import { beforeEach, describe, expect, it } from 'vitest';
import { databases } from './helpers.ts';
import { created, givenTeam, scenario, testServer, type Api } from './scenario.ts';

const LAGUNA = { name: 'Spring Sprint Round 1', location: 'WeatherTech Raceway Laguna Seca', date: '2026-03-21', trackLength: '3.602 km', weather: 'Sunny, 19°C', notes: 'Corkscrew: brake marker 2, stay left' };
const BRAKES = { title: 'Brake pedal goes long', description: 'Pedal travel grows after 8-10 laps; bleed and check pad knock-off', type: 'issue', priority: 'high' };

/** Each test has a team and car of its own (beforeEach); the PATCH and issue tests a race event on it too. */
describe.each(databases)('race events and issues API on $name', (database) => {
  const server = testServer(database);
  let api: Api;
  let base: string;
  beforeEach(async () => {
    const team = await givenTeam(server.pitwall, { car: true });
    api = team.api;
    base = `/api/cars/${team.car.id}`;
  });

  describe('POST /api/cars/:carId/events', () => {
    it('schedules a race event; the list is newest first', async () => {
      const res = await api.post(`${base}/events`, LAGUNA);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ ...LAGUNA, date: '2026-03-21T00:00:00.000Z', finalDriveRatio: null });
      await api.post(`${base}/events`, { name: 'Summer Enduro', location: 'Sonoma Raceway', date: '2026-06-13' });
      expect((await api.get(`${base}/events`)).json().map((e: { name: string }) => e.name)).toEqual(['Summer Enduro', 'Spring Sprint Round 1']);
    });

    it.each([
      [{ name: 'X' }, 'name: Event name must be at least 2 characters'],
      [{ location: 'X' }, 'location: Location must be at least 2 characters'],
      [{ date: '' }, 'date: Event date is required'],
      [{ date: 'next week' }, 'date: Event date must be a date (YYYY-MM-DD) or an ISO date-time'],
    ])('refuses %j, appending nothing', async (override, message) => {
      const { res } = await scenario(server.pitwall).when(() => api.post(`${base}/events`, { ...LAGUNA, ...override })).thenAnswers({ status: 400, appended: 0 });
      expect(res.json()).toEqual({ message });
    });
  });

  describe('PATCH /api/cars/:carId/events/:eventId', () => {
    let raceEvent: { id: number };
    beforeEach(async () => {
      raceEvent = await created(api.post(`${base}/events`, LAGUNA));
    });
    /** The race event with its final drive ratio set to 2.866. */
    const givenRatio = async () => expect((await api.patch(`${base}/events/${raceEvent.id}`, { finalDriveRatio: '2.866' })).statusCode).toBe(200);

    it('sets the final drive ratio and notes', async () => {
      const res = await api.patch(`${base}/events/${raceEvent.id}`, { finalDriveRatio: '2.866', finalDriveNotes: 'Stock final; 4th through T6' });
      expect(res.json()).toMatchObject({ finalDriveRatio: '2.866', finalDriveNotes: 'Stock final; 4th through T6' });
    });

    it('refuses a missing or non-numeric ratio with the spec messages', async () => {
      await givenRatio();
      expect((await api.patch(`${base}/events/${raceEvent.id}`, { finalDriveRatio: '' })).json()).toEqual({ message: 'finalDriveRatio: Final drive ratio is required' });
      expect((await api.patch(`${base}/events/${raceEvent.id}`, { finalDriveRatio: '2.8x' })).json()).toEqual({ message: 'finalDriveRatio: Final drive ratio must be a valid number' });
      expect((await api.get(`${base}/events/${raceEvent.id}`)).json()).toMatchObject({ finalDriveRatio: '2.866' });
    });

    it('sets the profile image and keeps the timetable', async () => {
      await givenRatio();
      const res = await api.patch(`${base}/events/${raceEvent.id}`, { profileImageUrl: '/api/images/profile.jpg' });
      expect(res.json()).toMatchObject({ profileImageUrl: '/api/images/profile.jpg', timetableImageUrl: null, finalDriveRatio: '2.866' });
    });

    it("another team's race event is not found", async () => {
      const { api: rival } = await givenTeam(server.pitwall);
      expect((await rival.patch(`${base}/events/${raceEvent.id}`, { finalDriveRatio: '3.0' })).statusCode).toBe(404);
      expect((await rival.get(`${base}/events/${raceEvent.id}`)).statusCode).toBe(404);
    });
  });

  describe('issues and their status transitions', () => {
    let raceEvent: { id: number };
    beforeEach(async () => {
      raceEvent = await created(api.post(`${base}/events`, LAGUNA));
    });

    it('raises an issue with the spec defaults and walks open → in progress → resolved → open', async () => {
      const raised = await api.post(`${base}/issues`, { ...BRAKES, eventId: raceEvent.id });
      expect(raised.statusCode).toBe(201);
      const issue = raised.json() as { id: number };
      expect(raised.json()).toMatchObject({ status: 'open', type: 'issue', priority: 'high', eventId: raceEvent.id });
      for (const status of ['in-progress', 'resolved', 'open']) {
        expect((await api.patch(`${base}/issues/${issue.id}`, { status })).json()).toMatchObject({ status });
      }
      expect((await api.get(`${base}/events/${raceEvent.id}/issues`)).json()).toHaveLength(1);
    });

    it('refuses resolved → in-progress (not offered by the spec) and unknown statuses', async () => {
      const resolved = scenario(server.pitwall).given(() => created(api.post(`${base}/issues`, { ...BRAKES, status: 'resolved' })));
      await resolved.when((issue) => api.patch(`${base}/issues/${issue.id}`, { status: 'in-progress' })).thenAnswers({ status: 409, appended: 0 });
      await resolved.when((issue) => api.patch(`${base}/issues/${issue.id}`, { status: 'closed' })).thenAnswers({ status: 400, appended: 0 });
    });

    it.each([
      [{ title: 'B' }, 'title: Title must be at least 2 characters'],
      [{ description: 'Long' }, 'description: Description must be at least 5 characters'],
      [{ type: 'bug' }, 'type: type must be one of issue, tool, part, note'],
      [{ eventId: 99999 }, 'Race event not found'],
    ])('refuses %j', async (override, message) => {
      const res = await api.post(`${base}/issues`, { ...BRAKES, ...override });
      expect(res.json()).toEqual({ message });
    });

    it('carries unresolved issues of earlier race events over to a new one', async () => {
      const earlier = (await api.post(`${base}/events`, { ...LAGUNA, name: 'Early test', date: '2026-01-10' })).json() as { id: number };
      const part = (await api.post(`${base}/issues`, { title: 'Spare front pads', description: 'Carry one set of Hawk DTC-60 fronts', type: 'part', eventId: earlier.id })).json() as { id: number };
      const fixed = (await api.post(`${base}/issues`, { ...BRAKES, eventId: earlier.id, status: 'resolved' })).json() as { id: number };
      const later = (await api.post(`${base}/events`, { ...LAGUNA, name: 'Round 2', date: '2026-02-14' })).json() as { id: number };
      const carried = (await api.get(`${base}/events/${later.id}/carried-over`)).json() as { id: number }[];
      expect(carried.map((i) => i.id)).toContain(part.id);
      expect(carried.map((i) => i.id)).not.toContain(fixed.id);
      expect((await api.get(`${base}/events/${earlier.id}/carried-over`)).json()).toEqual([]);
    });
  });
});
