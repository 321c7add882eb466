import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { HistoryEntry, SetupSheet } from '@pitwall/contracts';
import { databases, eventCount, importTeamFile, rebuildReadModels, sessionCookie, setupTeam, startTestPitwall } from './helpers.ts';
import { givenTeam, scratchDatabase, testServer, type Api } from './scenario.ts';

/** A GT4 car's sheet as an engineer writes it after the shakedown (degrees, mm, N/mm, clicks, Nm, kg, %). */
const corner = (camberDeg: number, rideHeightMm: number) => ({
  camberDeg, toeMm: -0.5, casterDeg: 7.2, rideHeightMm, springRateNmm: 140, bumpStopGapMm: 22, packersMm: 5,
  damper: { lowSpeedBump: 8, highSpeedBump: 4, lowSpeedRebound: 10, highSpeedRebound: 6 },
});
const SHEET = {
  corners: { fl: corner(-3.2, 98), fr: corner(-3.2, 98), rl: { ...corner(-2.4, 112), toeMm: 1.5 }, rr: { ...corner(-2.4, 112), toeMm: 1.5 } },
  antiRollBars: { front: '3 of 5', rear: '1 of 5' },
  aero: { rearWingDeg: 6, splitter: 'standard', gurneyMm: 10 },
  brakes: { biasFrontPercent: 57.5, padsFront: 'Pagid RS29', padsRear: 'Pagid RS19' },
  differential: { preloadNm: 80, rampPower: '45°', rampCoast: '60°' },
  electronics: { tcMap: '4', absMap: '3', engineMap: 'Race' },
  ballastKg: 15,
  notes: 'Shakedown sheet',
};

/** The race event's form with the FL ride height changed to 100 mm, the rest as the car's sheet. */
const FL_100 = { ...SHEET, corners: { ...SHEET.corners, fl: { ...SHEET.corners.fl, rideHeightMm: 100 } } };
/** The car's sheet with the brake bias moved to 58 %. */
const BIAS_58 = { ...SHEET, brakes: { ...SHEET.brakes, biasFrontPercent: 58 } };

/**
 * The engineer's setup sheet: a setup section per baseline and race event, in the history, as-of,
 * compare and the rebuild. Each test has a team, car and race event of its own (beforeEach) and
 * writes the sheets it reads.
 */
describe.each(databases)('setup sheet over the API on $name', (database) => {
  const server = testServer(database);
  let api: Api;
  let teamId: number;
  let car: { id: number };
  let base: string;
  let raceEvent: { id: number };
  let eventSheet: string;
  beforeEach(async () => {
    ({ api, teamId, car, raceEvent } = await givenTeam(server.pitwall, { raceEvent: { name: 'Spring Sprint Round 1', location: 'Sonoma Raceway', date: '2026-03-21' } }));
    base = `/api/cars/${car.id}`;
    eventSheet = `${base}/events/${raceEvent.id}/setup-sheet`;
  });
  /** The car's sheet: SHEET. */
  const givenSheet = async () => expect((await api.put(`${base}/setup-sheet`, SHEET)).statusCode).toBe(200);
  /** The whole story: the car's SHEET, the race event's own FL ride height (100 mm), then the car's brake bias to 58 %. */
  const givenStory = async () => {
    await givenSheet();
    expect((await api.put(eventSheet, FL_100)).statusCode).toBe(200);
    expect((await api.put(`${base}/setup-sheet`, BIAS_58)).statusCode).toBe(200);
  };

  it('a car without a sheet answers every field, all null, nothing own', async () => {
    const res = await api.get(`${base}/setup-sheet`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as SetupSheet;
    expect(body).toMatchObject({ carId: car.id, eventId: null, ballastKg: null, ownFields: [] });
    expect(body.corners.rr.damper).toEqual({ lowSpeedBump: null, highSpeedBump: null, lowSpeedRebound: null, highSpeedRebound: null });
  });

  it('PUT of the car answers the sheet as sent, every field with a value its own', async () => {
    const res = await api.put(`${base}/setup-sheet`, SHEET);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...SHEET, eventId: null });
    expect(res.json().ownFields).toContain('corners.fl.damper.lowSpeedBump');
    expect(res.json().ownFields).toHaveLength(60);
  });

  it.each([
    [{ corners: { fl: { camberDeg: -12 } } }, 'corners.fl.camberDeg', /-10 to 5°/],
    [{ corners: { rr: { rideHeightMm: 301 } } }, 'corners.rr.rideHeightMm', /0 to 300 mm/],
    [{ corners: { rl: { springRateNmm: 140000 } } }, 'corners.rl.springRateNmm', /N\/mm/],
    [{ corners: { fr: { damper: { highSpeedRebound: 2.5 } } } }, 'corners.fr.damper.highSpeedRebound', /whole number/],
    [{ brakes: { biasFrontPercent: 101 } }, 'brakes.biasFrontPercent', /0 to 100 %/],
    [{ aero: { rearWingDeg: '6°' } }, 'aero.rearWingDeg', /number/],
    [{ ballastKg: -1 }, 'ballastKg', /0 to 500 kg/],
  ])('refuses %j with a 400 naming %s, appending nothing', async (body, field, range) => {
    const before = await eventCount(server.pitwall);
    const res = await api.put(`${base}/setup-sheet`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${field.replace(/\./g, ' ')}\\b`));
    expect(res.json().message).toMatch(range);
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it('a race event with nothing of its own answers the car\'s sheet, nothing own', async () => {
    await givenSheet();
    const res = await api.get(eventSheet);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...SHEET, eventId: raceEvent.id, ownFields: [] });
  });

  it("saving the race event's form with the FL ride height changed stores only that field as its own", async () => {
    await givenSheet();
    const form = FL_100;
    const res = await api.put(eventSheet, form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...form, ownFields: ['corners.fl.rideHeightMm'] });
    // The car's sheet is untouched; a later change of the car reaches the race event where it inherits.
    expect((await api.get(`${base}/setup-sheet`)).json().corners.fl.rideHeightMm).toBe(98);
    await api.put(`${base}/setup-sheet`, BIAS_58);
    const effective = (await api.get(eventSheet)).json() as SetupSheet;
    expect(effective.brakes.biasFrontPercent).toBe(58);
    expect(effective.corners.fl.rideHeightMm).toBe(100);
  });

  it('the same sheet again appends nothing', async () => {
    await givenStory();
    const before = await eventCount(server.pitwall);
    await api.put(`${base}/setup-sheet`, BIAS_58);
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it("the history names each field from → to; the race event's first own value reads against what it replaced", async () => {
    await givenStory();
    const history = (await api.get(`${base}/history?section=setup-sheet`)).json() as HistoryEntry[];
    expect(history[0]).toMatchObject({ type: 'SetupSheetSet', section: 'setup-sheet', eventId: null, changes: [{ field: 'Brake bias (front) (%)', before: '57.5', after: '58' }] });
    expect(history[1]).toMatchObject({ eventId: raceEvent.id, changes: [{ field: 'FL ride height (mm)', before: '98', after: '100' }] });
    expect(history[2]!.changes).toContainEqual({ field: 'FL camber (°)', before: null, after: '-3.2' });
    expect(history[2]!.changes).toContainEqual({ field: 'RR high-speed rebound (clicks)', before: null, after: '6' });
  });

  it('as-of and compare carry the sheet', async () => {
    await givenStory();
    const snapshot = (await api.get(`${base}/setup?eventId=${raceEvent.id}`)).json();
    expect(snapshot.raceEvent.setup.setupSheet.corners.fl.rideHeightMm).toBe(100);
    expect(snapshot.raceEvent.setup.setupSheet.ownFields).toEqual(['corners.fl.rideHeightMm']);
    // As it was at the race event's last change: before the car's brake bias went to 58 %.
    expect(snapshot.baseline.setupSheet.brakes.biasFrontPercent).toBe(57.5);
    const today = (await api.get(`${base}/setup?asOf=${new Date(Date.now() + 60_000).toISOString()}`)).json();
    expect(today.baseline.setupSheet).toEqual((({ carId: _c, eventId: _e, ...sheet }) => sheet)((await api.get(`${base}/setup-sheet`)).json() as SetupSheet));
    const compare = (await api.get(`${base}/events/${raceEvent.id}/compare/baseline`)).json();
    expect(compare.differences).toEqual([{ section: 'setup-sheet', field: 'FL ride height (mm)', left: '100', right: '98' }]);
  });

  it("another team's car is not found", async () => {
    const { api: rival } = await givenTeam(server.pitwall);
    expect((await rival.get(`${base}/setup-sheet`)).statusCode).toBe(404);
    expect((await rival.put(eventSheet, SHEET)).statusCode).toBe(404);
  });

  it('a rebuild from position 0 gives exactly the live setup sheets', async () => {
    const { pitwall } = server;
    await givenStory();
    const target = await scratchDatabase(database);
    await rebuildReadModels(pitwall, target, 4);
    const rows = async (db: typeof target) => (await db.query('SELECT * FROM setup_sheets ORDER BY key')).rows;
    const live = await rows(pitwall.deps.db);
    expect(live.filter((row) => (row as { car_id: number }).car_id === car.id)).toHaveLength(2);
    expect(await rows(target)).toEqual(live);
  }, 120_000);

  it("a team export imported into a fresh Pitwall answers the same sheets and the race event's own field", async () => {
    await givenStory();
    const exported = await api.get(`/api/teams/${teamId}/export`);
    expect(exported.statusCode).toBe(200);
    const { pitwall: target, close } = await startTestPitwall({});
    onTestFinished(close);
    const { api: rosa } = await setupTeam(target, { username: 'rosa', teamName: 'Rosa Racing', ownerName: 'Rosa Diaz', email: 'rosa@example.com' });
    const imported = await importTeamFile(target, await sessionCookie(target, 'rosa', 'paddock-2026'), exported.rawPayload);
    expect(imported.statusCode, imported.body).toBe(201);
    const [copy] = (await rosa.get('/api/cars')).json() as { id: number }[];
    const [copyEvent] = (await rosa.get(`/api/cars/${copy!.id}/events`)).json() as { id: number }[];
    const strip = ({ carId: _c, eventId: _e, ...sheet }: SetupSheet) => sheet;
    expect(strip((await rosa.get(`/api/cars/${copy!.id}/setup-sheet`)).json())).toEqual(strip((await api.get(`${base}/setup-sheet`)).json()));
    const copied = (await rosa.get(`/api/cars/${copy!.id}/events/${copyEvent!.id}/setup-sheet`)).json() as SetupSheet;
    expect(copied.ownFields).toEqual(['corners.fl.rideHeightMm']);
    expect(strip(copied)).toEqual(strip((await api.get(eventSheet)).json()));
  }, 120_000);
});
