import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_CHECKLIST_ITEMS } from '@pitwall/contracts';
import { databases, DANA, eventCount, MX5 } from './helpers.ts';
import { created, givenTeam, testServer, type Api } from './scenario.ts';

/**
 * Input the edge must refuse with 400 naming the field, before anything is appended: dates a read
 * model cannot hold, text PostgreSQL cannot store, ids and cursors beyond the database's integers,
 * numbers sent as strings or arrays, unknown keys, invisible names, unsafe image URLs, weak
 * passwords; and the checklist cap.
 *
 * Each test has a team of its own (beforeEach) with its MX-5 and its suspension set, the Spring
 * Sprint race event on it and FP1 there.
 */
describe.each(databases)('input validation on $name', (database) => {
  const server = testServer(database);
  let api: Api;
  let teamId: number;
  let car: { id: number };
  let base: string;
  let raceEvent: { id: number };
  let sessionsUrl: string;
  let session: { id: number };
  beforeEach(async () => {
    ({ api, teamId, car } = await givenTeam(server.pitwall, { car: true }));
    base = `/api/cars/${car.id}`;
    raceEvent = await created(api.post(`${base}/events`, { name: 'Spring Sprint', location: 'Laguna Seca', date: '2026-03-21' }));
    sessionsUrl = `${base}/events/${raceEvent.id}/sessions`;
    session = await created(api.post(sessionsUrl, { name: 'FP1', type: 'practice', startedAt: '2026-03-21T09:00:00Z' }));
    expect((await api.put(`${base}/suspension`, { frontCamber: '-3.4°', rearToe: '1.2mm (out)' })).statusCode).toBe(200);
  });
  const latest = new Date().getFullYear() + 11;
  const range = `from 1950-01-01 to ${latest}-12-31`;

  /** Sends the change and expects 400 with exactly `message`, the event count and the GET of `readUrl` unchanged. */
  async function expectRefused(send: () => Promise<{ statusCode: number; json(): unknown }>, message: string, readUrl = base) {
    const [before, read] = [await eventCount(server.pitwall), (await api.get(readUrl)).body];
    const res = await send();
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message } });
    expect(await eventCount(server.pitwall)).toBe(before);
    expect((await api.get(readUrl)).body).toBe(read);
  }

  describe('dates to a sane range, on the calendar', () => {
    it.each([
      ['0000-01-01', `date: Event date must be ${range}`],
      ['1949-12-31', `date: Event date must be ${range}`],
      [`${latest + 1}-01-01`, `date: Event date must be ${range}`],
      ['2026-02-30', 'date: Event date must be a valid date'],
      ['2026-13-01', 'date: Event date must be a valid date'],
    ])('refuses a race event dated %s', async (date, message) => {
      await expectRefused(() => api.post(`${base}/events`, { name: 'Bad date', location: 'Sonoma', date }), message, `${base}/events`);
    });

    it('accepts the first and the last day of the range', async () => {
      expect((await api.post(`${base}/events`, { name: 'Oldest', location: 'Goodwood', date: '1950-01-01' })).statusCode).toBe(201);
      expect((await api.post(`${base}/events`, { name: 'Latest', location: 'Goodwood', date: `${latest}-12-31` })).statusCode).toBe(201);
    });

    it.each([
      ['0000-01-01T00:00:00Z', `startedAt: startedAt must be ${range}`],
      ['2026-02-30T10:00:00Z', 'startedAt: startedAt must be a valid date'],
    ])('refuses a session started at %s (PATCH and POST)', async (startedAt, message) => {
      await expectRefused(() => api.patch(`${sessionsUrl}/${session.id}`, { startedAt }), message, `${sessionsUrl}/${session.id}`);
      await expectRefused(() => api.post(sessionsUrl, { name: 'FP2', type: 'practice', startedAt }), message, sessionsUrl);
    });

    it('refuses a maintenance date, a series round date and an as-of date out of range', async () => {
      await expectRefused(() => api.put(base, { ...MX5, lastEngineBuild: '0000-01-01' }), `lastEngineBuild: must be ${range}`);
      const series = (await api.post('/api/series', { name: 'Club Cup', season: '2026', classes: ['Cup'] })).json() as { id: number };
      await expectRefused(() => api.post(`/api/series/${series.id}/rounds`, { name: 'Round 1', location: 'Laguna', date: '0000-01-01' }), `date: Date must be ${range}`, `/api/series/${series.id}`);
      expect((await api.get(`${base}/setup?asOf=0000-01-01`)).json()).toEqual({ message: "asOf: asOf must be from 1950-01-01 to 9999-12-31" });
    });
  });

  /** Each test here also has a clutch fitted to the car, a tire set and a series of the team's own (beforeEach). */
  describe('every date field of every route through the one checked date type', () => {
    let teamUrl: string;
    let partUrl: string;
    let tireSet: { id: number };
    let series: { id: number };
    beforeEach(async () => {
      teamUrl = `/api/teams/${teamId}`;
      const part = await created(api.post(`${teamUrl}/parts`, { name: 'Clutch', category: 'clutch', carId: car.id, fittedAt: '2026-03-01T08:00:00Z' }));
      partUrl = `${teamUrl}/parts/${part.id}`;
      tireSet = await created(api.post(`${teamUrl}/tire-sets`, { name: 'Set 1' }));
      series = await created(api.post('/api/series', { name: 'Date Cup', season: '2026', classes: ['Cup'] }));
    });
    const tread = { fl: [6], fr: [6], rl: [6], rr: [6] };
    // [field as the 400 names it, the request with the date in it, the GET that must not change]
    // (the requests and GET URLs are read when a test runs, once its beforeEach made the team's car, part, tire set and series)
    const doors: [string, (d: string) => Promise<{ statusCode: number; json(): unknown }>, () => string][] = [
      ['date', (date) => api.post(`${base}/events`, { name: 'Bad date', location: 'Sonoma', date }), () => `${base}/events`],
      ['date', (date) => api.patch(`${base}/events/${raceEvent.id}`, { date }), () => `${base}/events/${raceEvent.id}`],
      ['startedAt', (startedAt) => api.post(sessionsUrl, { name: 'FP2', type: 'practice', startedAt }), () => sessionsUrl],
      ['startedAt', (startedAt) => api.patch(`${sessionsUrl}/${session.id}`, { startedAt }), () => `${sessionsUrl}/${session.id}`],
      ['lastEngineBuild', (d) => api.put(base, { ...MX5, lastEngineBuild: d }), () => base],
      ['fittedAt', (fittedAt) => api.post(`${teamUrl}/parts`, { name: 'Gearbox', category: 'gearbox', carId: car.id, fittedAt }), () => `${teamUrl}/parts`],
      ['limits expiresOn', (expiresOn) => api.post(`${teamUrl}/parts`, { name: 'Harness', category: 'safety', limits: { expiresOn } }), () => `${teamUrl}/parts`],
      ['limits expiresOn', (expiresOn) => api.patch(partUrl, { limits: { expiresOn } }), () => partUrl],
      ['at', (at) => api.post(`${partUrl}/fit`, { carId: car.id, at }), () => partUrl],
      ['at', (at) => api.patch(`${partUrl}/fit`, { at }), () => partUrl],
      ['at', (at) => api.post(`${partUrl}/remove`, { at }), () => partUrl],
      ['at', (at) => api.post(`${partUrl}/service`, { at, notes: 'Rebuilt' }), () => partUrl],
      ['measuredAt', (measuredAt) => api.post(`${teamUrl}/tire-sets/${tireSet.id}/tread`, { measuredAt, ...tread }), () => `${teamUrl}/tire-sets/${tireSet.id}/tread`],
      ['date', (date) => api.post(`/api/series/${series.id}/rounds`, { name: 'Round 1', location: 'Laguna', date }), () => `/api/series/${series.id}`],
    ];
    // The date-only fields get the same days without a time; each bad value fails on its own ground.
    const bad = ['0000-01-01T10:00:00Z', '1949-12-31T10:00:00Z', '2026-05-17T10:00:00+16:00', '2026-05-17T10:00:00+99:00', '2026-02-30T10:00:00Z'];
    const dateOnly = new Set(['lastEngineBuild', 'limits expiresOn']);

    it.each(doors.flatMap(([field, send, read]) => bad.map((value) => [field, value, send, read] as const)))('%s refuses %s: 400 naming it, nothing appended', async (field, value, send, read) => {
      const sent = dateOnly.has(field) && !value.includes('+') ? value.slice(0, 10) : value;
      const before = [await eventCount(server.pitwall), (await api.get(read())).body];
      const res = await send(sent);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(new RegExp(`^${field}: `));
      expect([await eventCount(server.pitwall), (await api.get(read())).body]).toEqual(before);
    });

    it('asOf refuses the same dates by name', async () => {
      for (const asOf of bad) expect((await api.get(`${base}/setup?asOf=${encodeURIComponent(asOf)}`)).json()).toMatchObject({ message: expect.stringMatching(/^asOf: /) });
    });
  });

  describe('text PostgreSQL cannot store', () => {
    it.each([
      ['a NUL character', { name: 'MX-5\u0000' }, 'name: must not contain a NUL character (U+0000)'],
      ['a lone high surrogate', { engine: 'I4 \ud800' }, 'engine: must not contain an unpaired surrogate (not valid Unicode text)'],
      ['a lone low surrogate', { power: '\udc00 hp' }, 'power: must not contain an unpaired surrogate (not valid Unicode text)'],
    ])('refuses %s in any text field', async (_kind, override, message) => {
      await expectRefused(() => api.put(base, { ...MX5, ...override }), message);
    });

    it('refuses them in rows and queries too, naming the place', async () => {
      await expectRefused(() => api.put(`${base}/gear-ratios`, [{ name: '1st', ratio: '3.1' }, { name: '2nd', ratio: '2.0', notes: 'x\u0000' }]), 'row 2 notes: must not contain a NUL character (U+0000)', `${base}/gear-ratios`);
      expect((await api.get(`${base}/tracks/sessions?location=Laguna%00`)).json()).toEqual({ message: 'location: must not contain a NUL character (U+0000)' });
    });

    it('keeps emoji and other well-formed text', async () => {
      const res = await api.post(`${base}/checklist`, { title: 'Torque wheel nuts 🔧 (Räder)' });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('ids and cursors beyond the database’s integers', () => {
    it('refuses a body id beyond 2^31 − 1 naming it', async () => {
      await expectRefused(() => api.post(`${base}/issues`, { title: 'Leak', description: 'Oil on the floor', eventId: 99_999_999_999 }), 'eventId: must be at most 2147483647', `${base}/issues`);
      await expectRefused(() => api.patch(`${sessionsUrl}/${session.id}`, { driverMemberId: 1e20 }), 'driverMemberId: driverMemberId must be a team member id', `${sessionsUrl}/${session.id}`);
    });

    it('answers 400 for a path or query id out of range, and for a position cursor beyond bigint', async () => {
      expect((await api.get('/api/cars/99999999999')).json()).toEqual({ message: 'id: id must be a positive whole number' });
      expect((await api.get(`${base}/gear-ratios?eventId=99999999999999999999`)).json()).toEqual({ message: 'eventId: eventId must be a positive whole number' });
      const history = await api.get(`${base}/history?before=99999999999999999999/1`);
      expect({ status: history.statusCode, body: history.json() }).toEqual({ status: 400, body: { message: 'before: before must be a position such as 123/456' } });
      expect((await api.get(`${base}/history?before=9223372036854775807/1`)).statusCode).toBe(200);
    });

    it("answers 400, not 500, for a position cursor that is not digits ('null')", async () => {
      const history = await api.get(`${base}/history?before=null`);
      expect({ status: history.statusCode, body: history.json() }).toEqual({ status: 400, body: { message: 'before: before must be a position such as 123/456' } });
    });
  });

  describe('strict numbers', () => {
    it.each([[' 2020 '], ['2020'], [[2020]], [true]])('refuses the year %j: a JSON number only', async (year) => {
      await expectRefused(() => api.put(base, { ...MX5, year }), 'year: Year must be a number');
    });

    it.each(['0x1', '1e0', '01', '+1', ' 1', '1.0'])('does not read the path id %j as a number', async (id) => {
      const res = await api.get(`/api/cars/${encodeURIComponent(id)}`);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message: 'id: id must be a positive whole number' } });
    });

    it('reads query numbers strictly too', async () => {
      expect((await api.get(`${base}/history?limit=0x10`)).json()).toEqual({ message: 'limit: limit must be between 1 and 500' });
      expect((await api.get(`${base}/history?limit=20`)).statusCode).toBe(200);
    });
  });

  describe('unknown keys', () => {
    it('refuses a whole-object PUT with no known key instead of clearing every field', async () => {
      await expectRefused(() => api.put(`${base}/suspension`, { a: {} }), 'a: unknown field', `${base}/suspension`);
      await expectRefused(() => api.put(`${base}/suspension`, {}), 'The body names no field: send the complete values to store (an empty object would clear them all)', `${base}/suspension`);
      expect((await api.get(`${base}/suspension`)).json()).toMatchObject({ frontCamber: '-3.4°', rearToe: '1.2mm (out)' });
    });

    it('refuses an unknown key beside known ones and in rows, naming it', async () => {
      await expectRefused(() => api.put(`${base}/suspension`, { frontCamber: '-3.8°', frontCambre: '-3.8°' }), 'frontCambre: unknown field', `${base}/suspension`);
      await expectRefused(() => api.put(`${base}/tire-pressures`, { items: [{ condition: 'Dry', frontLeft: '24', frontRight: '24', rearLeft: '23', rearRight: '23', pressure: 1 }] }), 'items row 1 pressure: unknown field', `${base}/tire-pressures`);
    });

    it('still takes back the whole car as GET answered it (spec: PUT the whole car object)', async () => {
      const current = (await api.get(base)).json() as Record<string, unknown>;
      expect((await api.put(base, { ...current, power: '185 hp' })).statusCode).toBe(200);
    });
  });

  describe('names and titles of invisible characters only', () => {
    it.each([
      ['a zero-width space', '\u200b'],
      ['joiners and a word joiner', '\u200c\u200d\u2060'],
      ['a byte order mark and spaces', ' \ufeff '],
    ])('answers the required message for a checklist title of %s', async (_kind, title) => {
      await expectRefused(() => api.post(`${base}/checklist`, { title }), 'title: Missing information: Please provide a title for the checklist item', `${base}/checklist`);
    });

    it('answers the name rules for a car or race event name of zero-width spaces', async () => {
      await expectRefused(() => api.put(base, { ...MX5, name: '\u200b\u200b\u200b' }), 'name: Car name must be at least 2 characters');
      await expectRefused(() => api.post(`${base}/events`, { name: '\u200b \u200b', location: 'Sonoma', date: '2026-05-01' }), 'name: Event name must be at least 2 characters', `${base}/events`);
    });
  });

  describe('image URLs', () => {
    it.each([
      ['//evil.example/x.png'],
      ['/\\evil.example/x.png'],
      ['javascript:alert(1)'],
      ['data:image/png;base64,iVBORw0KGgo='],
      ['http://example.com/x.png'],
      ['/api/images//evil.example/x.png'],
    ])('refuses %s wherever an image URL is accepted', async (url) => {
      const message = 'must be an uploaded image path (/api/images/…) or an https: URL';
      await expectRefused(() => api.post(`${base}/issues`, { title: 'Leak', description: 'Oil on the floor', imageUrl: url }), `imageUrl: ${message}`, `${base}/issues`);
      await expectRefused(() => api.patch(`${base}/events/${raceEvent.id}`, { profileImageUrl: url }), `profileImageUrl: ${message}`, `${base}/events/${raceEvent.id}`);
      await expectRefused(() => api.post(`${base}/images`, { url }), `url: ${message}`, `${base}/images`);
    });

    it('accepts an https: URL', async () => {
      const res = await api.patch(`${base}/events/${raceEvent.id}`, { profileImageUrl: 'https://images.example.com/laguna.jpg' });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('passwords', () => {
    const member = { username: 'sam', firstName: 'Sam', lastName: 'Ortiz', role: 'mechanic', memberColor: '#16a34a' };

    it.each([
      ['only spaces', { password: '      ' }, 'password: Password must not be only spaces'],
      ['equal to the username', { username: 'kinglake', password: 'kinglake' }, 'password: Password must not contain the username'],
      ['containing the username', { username: 'kinglake', password: 'KingLake2026' }, 'password: Password must not contain the username'],
      ['a common password', { password: 'password1' }, 'password: Password is too easy to guess: use a longer one, e.g. three or four unrelated words'],
      ['the team name', { teamName: 'Kinglake Motorsport', username: 'kmowner', password: 'kinglakemotorsport' }, 'password: Password is too easy to guess: use a longer one, e.g. three or four unrelated words'],
      ['too short (the spec’s message)', { password: '12345' }, 'password: Password must be at least 6 characters'],
    ])('refuses a team setup whose password is %s', async (_kind, override, message) => {
      const before = await eventCount(server.pitwall);
      const res = await server.pitwall.app.inject({ method: 'POST', url: '/api/auth/setup-team', payload: { ...DANA, username: 'newowner', ...override } });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message } });
      expect(await eventCount(server.pitwall)).toBe(before);
    });

    it('refuses a weak password for an added member, and takes a strong one', async () => {
      await expectRefused(() => api.post(`/api/teams/${teamId}/members`, { ...member, password: 'sam-sam-sam' }), 'password: Password must not contain the username', `/api/teams/${teamId}/members`);
      await expectRefused(() => api.post(`/api/teams/${teamId}/members`, { ...member, password: 'qwerty123' }), 'password: Password is too easy to guess: use a longer one, e.g. three or four unrelated words', `/api/teams/${teamId}/members`);
      expect((await api.post(`/api/teams/${teamId}/members`, { ...member, password: 'torque-108nm' })).statusCode).toBe(201);
    });
  });

  describe('the checklist cap', () => {
    it(`holds ${MAX_CHECKLIST_ITEMS} items per car; one more is refused with 409 naming the checklist, nothing appended`, async () => {
      const other = (await api.post('/api/cars', { ...MX5, name: 'Checklist car' })).json() as { id: number };
      const url = `/api/cars/${other.id}/checklist`;
      for (let i = 1; i <= MAX_CHECKLIST_ITEMS; i++) expect((await api.post(url, { title: `Item ${i}` })).statusCode).toBe(201);
      const before = await eventCount(server.pitwall);
      const res = await api.post(url, { title: 'One too many' });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 409, body: { message: `checklist: a car's checklist holds at most ${MAX_CHECKLIST_ITEMS} items; remove finished ones to add more` } });
      expect(await eventCount(server.pitwall)).toBe(before);
      const first = ((await api.get(url)).json() as { id: number }[])[0]!;
      expect((await api.delete(`${url}/${first.id}`)).statusCode).toBe(204);
      expect((await api.post(url, { title: 'Room again' })).statusCode).toBe(201);
    }, 120_000);
  });
});
