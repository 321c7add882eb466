import { beforeEach, describe, expect, it } from 'vitest';
import { databases, eventCount, MX5 } from './helpers.ts';
import { created, givenTeam, testServer, type Api, type Team } from './scenario.ts';

/** Each test has a team of its own (beforeEach), named as the demo's; the GET and PUT tests a car of its own on it. */
describe.each(databases)('cars API on $name', (database) => {
  const server = testServer(database);
  let api: Api;
  let team: Team;
  beforeEach(async () => {
    team = await givenTeam(server.pitwall, { team: { teamName: 'Apex Garage Racing' } });
    api = team.api;
  });
  const nextYear = new Date().getFullYear() + 1;

  describe('POST /api/cars', () => {
    it('adds a car to the caller’s team with the defaults', async () => {
      const res = await api.post('/api/cars', { name: 'GR86 Drift', makeModel: 'Toyota GR86 (ZN8)', year: 2023 });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'GR86 Drift', color: '#0F4C81', carClass: 'Other', teamName: 'Apex Garage Racing', engine: null });
    });

    it.each([
      [{ name: 'M' }, 'name: Car name must be at least 2 characters'],
      [{ makeModel: 'M' }, 'makeModel: Make & model must be at least 2 characters'],
      [{ year: 1949 }, 'year: Year must be at least 1950'],
      [{ year: nextYear + 1 }, 'year: Year cannot be in the future'],
      [{ carClass: 'F1' }, 'carClass: Invalid option: expected one of "GT3"|"GT4"|"Rally"|"Drift"|"Other"'],
      [{ color: 'red' }, 'color: must be a hex colour such as #0F4C81'],
    ])('refuses %j naming the field, appending nothing', async (override, message) => {
      const before = await eventCount(server.pitwall);
      const res = await api.post('/api/cars', { ...MX5, ...override });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(await eventCount(server.pitwall)).toBe(before);
    });

    it('keeps names with quotes, backslashes and SQL in them exactly as typed', async () => {
      const name = `O'Brien's \\ "MX-5"; DROP TABLE cars; --`;
      const res = await api.post('/api/cars', { ...MX5, name });
      expect(res.statusCode).toBe(201);
      expect((await api.get(`/api/cars/${(res.json() as { id: number }).id}`)).json()).toMatchObject({ name });
    });

    it('accepts next year as the latest model year', async () => {
      expect((await api.post('/api/cars', { ...MX5, year: nextYear })).statusCode).toBe(201);
    });

    it('answers 400 for malformed JSON and 413 for a huge body', async () => {
      const list = await api.get('/api/cars');
      const cookie = `pitwall_session=${(await api.post('/api/auth/login', { username: team.username, password: 'paddock-2026', loginType: 'admin' })).cookies[0]!.value}`;
      const bad = await server.pitwall.app.inject({ method: 'POST', url: '/api/cars', headers: { cookie, 'content-type': 'application/json' }, payload: '{"name": ' });
      expect(bad.statusCode).toBe(400);
      const huge = await server.pitwall.app.inject({ method: 'POST', url: '/api/cars', headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify({ ...MX5, engine: 'x'.repeat(400_000) }) });
      expect(huge.statusCode).toBe(413);
      expect((await api.get('/api/cars')).json()).toEqual(list.json());
    });
  });

  describe('GET and PUT /api/cars/:id', () => {
    let car: { id: number };
    beforeEach(async () => (car = await created(api.post('/api/cars', MX5))));

    it('reads the car; another team’s user gets 404 and an empty list', async () => {
      const { api: rival } = await givenTeam(server.pitwall);
      expect((await api.get(`/api/cars/${car.id}`)).json()).toMatchObject(MX5);
      expect((await rival.get(`/api/cars/${car.id}`)).statusCode).toBe(404);
      expect((await rival.get('/api/cars')).json()).toEqual([]);
    });

    it('answers 400 for a non-numeric id and 404 for an unknown one, never 500', async () => {
      expect((await api.get('/api/cars/abc')).statusCode).toBe(400);
      expect((await api.get('/api/cars/1.5')).statusCode).toBe(400);
      expect((await api.get('/api/cars/99999')).json()).toEqual({ message: 'Car not found' });
    });

    it('replaces basic data, sets the tuning link and one maintenance date, and keeps what was omitted', async () => {
      const res = await api.put(`/api/cars/${car.id}`, { ...MX5, id: car.id, power: '190 hp', tuningFileUrl: 'https://files.example/mx5', lastEngineOilChange: '2026-10-30' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ power: '190 hp', tuningFileUrl: 'https://files.example/mx5', lastEngineOilChange: '2026-10-30' });
      const again = await api.put(`/api/cars/${car.id}`, { ...MX5, power: '190 hp', lastEngineOilChange: null });
      expect(again.json()).toMatchObject({ tuningFileUrl: 'https://files.example/mx5', lastEngineOilChange: null });
    });

    it('refuses a body whose id differs from the path, and another team’s PUT, appending nothing', async () => {
      const { api: rival } = await givenTeam(server.pitwall);
      const before = await eventCount(server.pitwall);
      expect((await api.put(`/api/cars/${car.id}`, { ...MX5, id: car.id + 1 })).statusCode).toBe(400);
      expect((await rival.put(`/api/cars/${car.id}`, { ...MX5, name: 'Stolen' })).statusCode).toBe(404);
      expect(await eventCount(server.pitwall)).toBe(before);
    });

    it('a save is visible to the very next read (read-your-writes)', async () => {
      for (let i = 0; i < 5; i++) {
        await api.put(`/api/cars/${car.id}`, { ...MX5, weight: `${1060 + i} kg` });
        expect((await api.get(`/api/cars/${car.id}`)).json()).toMatchObject({ weight: `${1060 + i} kg` });
      }
    });
  });
});
