import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ConfigSchema, REPO_ROOT } from '../src/config.ts';
import { createPitwall, type Pitwall } from '../src/composition-root.ts';
import { ApiClient, isMissingRoute } from '../src/seed/api-client.ts';
import { formatReport, ImportAbortedError, importSeason, PART_ROUTES, SEASON_PARTS, type ImportReport, type SeasonPart } from '../src/seed/import-season.ts';
import { loadSeasonFile, parseSeason, SeasonFileError, type SeasonFile } from '../src/seed/season-file.ts';
import type { SetupSheet } from '@pitwall/contracts';

/**
 * The seed imports the demo season over real HTTP into a real Pitwall (PGlite in memory). The
 * server's routes grow issue by issue, so the expectations follow what the server answers: a part
 * whose route exists must be imported in full, a part whose route is missing must be reported with
 * its count, never dropped.
 */

const DEMO_FILE = path.join(REPO_ROOT, 'data', 'demo-season.json');

let pitwall: Pitwall;
let baseUrl: string;
let season: SeasonFile;

beforeAll(async () => {
  season = await loadSeasonFile(DEMO_FILE);
  pitwall = await createPitwall(ConfigSchema.parse({ LOG_LEVEL: 'silent' }), { kind: 'memory' });
  await pitwall.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(pitwall.app.server.address() as AddressInfo).port}`;
});
afterAll(() => pitwall?.close());

/** What the demo file holds per part, counted the way the report counts (rows, items; suspension per car). */
function expectedCounts(file: SeasonFile): Record<SeasonPart, number> {
  const sum = (f: (car: SeasonFile['cars'][number]) => number) => file.cars.reduce((n, car) => n + f(car), 0);
  return {
    members: file.members.length,
    cars: file.cars.length,
    'gear ratios': sum((c) => c.gearRatios.length),
    suspension: sum((c) => (c.suspension ? 1 : 0)),
    'tire pressures': sum((c) => c.tirePressures?.items.length ?? 0),
    'tire pressure targets': sum((c) => (c.tirePressureTargets ? 1 : 0)),
    'setup sheets': sum((c) => (c.setupSheet ? 1 : 0)),
    'race event setup sheets': sum((c) => c.events.filter((e) => e.setupSheet).length),
    'maintenance dates': sum((c) => Object.values(c.maintenance).filter((d) => d != null).length),
    'checklist items': sum((c) => c.checklist.length),
    'race events': sum((c) => c.events.length),
    'final drive ratios': sum((c) => c.events.filter((e) => e.finalDriveRatio).length),
    'race event suspension': sum((c) => c.events.reduce((n, e) => n + e.sessions.filter((s) => s.setupBefore).length, 0)),
    sessions: sum((c) => c.events.reduce((n, e) => n + e.sessions.length, 0)),
    'lap times': sum((c) => c.events.reduce((n, e) => n + e.sessions.reduce((m, s) => m + s.laps.length, 0), 0)),
    'session tire pressures': sum((c) => c.events.reduce((n, e) => n + e.sessions.filter((s) => s.tirePressures).length, 0)),
    issues: sum((c) => c.events.reduce((n, e) => n + e.issues.length, 0)),
    parts: sum((c) => c.parts.length),
    'tire sets': sum((c) => c.tireSets.length),
    'tread measurements': sum((c) => c.tireSets.reduce((n, t) => n + t.treadMeasurements.length, 0)),
    series: file.series.length,
    'series rounds': file.series.reduce((n, s) => n + s.rounds.length, 0),
    'scrutineering items': file.series.reduce((n, s) => n + s.scrutineeringItems.length, 0),
    'series entries': file.series.reduce((n, s) => n + s.entries.length, 0),
  };
}

async function signInAsOwner(): Promise<ApiClient> {
  const api = new ApiClient(baseUrl);
  await api.call('POST', '/api/auth/login', { username: season.setup.username, password: season.setup.password, loginType: 'admin' });
  return api;
}

/**
 * Whether each part's route exists on this server, asked the way the importer decides it: by the
 * answer. The probe body is a bare JSON string, which every route's schema refuses (400) before
 * touching anything; a missing route answers 404 'Not found: …'.
 */
async function routesThatAnswer(api: ApiClient, teamId: number, carId: number): Promise<Record<SeasonPart, boolean>> {
  const ids: Record<string, number> = { teamId, carId, id: carId, eventId: 2_147_483_647, sessionId: 2_147_483_647, seriesId: 2_147_483_647, setId: 2_147_483_647 };
  const entries = await Promise.all(
    SEASON_PARTS.map(async (part) => {
      const { method, path: template } = PART_ROUTES[part];
      const url = template.replace(/\{(\w+)\}/g, (_m, name: string) => String(ids[name]));
      const answer = await api.request(method, url, 'probe');
      return [part, !isMissingRoute(answer)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<SeasonPart, boolean>;
}

/** Parts the importer needs before it can send a part (an issue needs its race event). */
const DEPENDS_ON: Partial<Record<SeasonPart, SeasonPart>> = {
  'final drive ratios': 'race events',
  'race event setup sheets': 'race events',
  'race event suspension': 'race events',
  sessions: 'race events',
  'lap times': 'sessions',
  'session tire pressures': 'sessions',
  issues: 'race events',
  'tread measurements': 'tire sets',
  'series rounds': 'series',
  'scrutineering items': 'series',
  'series entries': 'series',
};

describe('npm run seed: importSeason over the public API', () => {
  let report: ImportReport;

  it('sets up the team and adds every car of the demo season with its basic data', async () => {
    report = await importSeason(season, { baseUrl });
    expect(report.teamCreated).toBe(true);
    expect(report.team.name).toBe('Apex Garage Racing');
    expect(report.signedInAs).toBe('dana');

    const api = await signInAsOwner();
    const cars = await api.call<{ name: string; makeModel: string; year: number; power: string | null; carClass: string; color: string }[]>('GET', '/api/cars');
    expect(cars.map((c) => c.name).sort()).toEqual(season.cars.map((c) => c.car.name).sort());
    const mx5 = cars.find((c) => c.name === 'MX-5 #27')!;
    expect(mx5).toMatchObject({ makeModel: 'Mazda MX-5 (ND2)', year: 2022, power: '181 hp', carClass: 'Other', color: '#c8102e' });
    expect(report.imported.cars).toBe(4);
  });

  it('imports in full every part whose route answers, and reports the others with their counts', async () => {
    const api = await signInAsOwner();
    const cars = await api.call<{ id: number; name: string }[]>('GET', '/api/cars');
    const answers = await routesThatAnswer(api, report.team.id, cars[0]!.id);
    const expected = expectedCounts(season);
    const lines = formatReport(report);

    for (const part of SEASON_PARTS) {
      const dependency = DEPENDS_ON[part];
      const available = answers[part] && (!dependency || answers[dependency]);
      const notImported = report.notImported.filter((n) => n.part === part);
      if (available) {
        expect({ part, imported: report.imported[part], notImported }).toEqual({ part, imported: expected[part], notImported: [] });
      } else {
        expect({ part, imported: report.imported[part] }).toEqual({ part, imported: 0 });
        expect(notImported.reduce((n, e) => n + e.count, 0)).toBe(expected[part]);
        const missingRoute = answers[part] ? dependency! : part;
        expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${part}: ${expected[part]} not imported — .*${PART_ROUTES[missingRoute].path.replace(/[{}]/g, '\\$&')} is not available yet`)));
      }
    }
    // The demo file has something for every part, so the report accounts for all of it.
    for (const part of SEASON_PARTS) expect(expected[part]).toBeGreaterThan(0);
  });

  it('stores what it imported where the server reads it back (for the parts this server has)', async () => {
    const api = await signInAsOwner();
    const cars = await api.call<{ id: number; name: string; lastEngineOilChange: string | null; lastClutchChange: string | null }[]>('GET', '/api/cars');
    const mx5 = cars.find((c) => c.name === 'MX-5 #27')!;
    const file = season.cars.find((c) => c.car.name === 'MX-5 #27')!;

    if (report.imported['maintenance dates'] > 0) {
      expect(mx5.lastEngineOilChange).toBe('2026-10-30');
      expect(mx5.lastClutchChange).toBeNull();
    }
    if (report.imported['gear ratios'] > 0) {
      const rows = await api.call<{ name: string; ratio: string; speedAtMaxRpm: string | null }[]>('GET', `/api/cars/${mx5.id}/gear-ratios`);
      expect(rows.map((r) => [r.name, r.ratio])).toEqual(file.gearRatios.map((r) => [r.name, r.ratio]));
      expect(rows[0]!.speedAtMaxRpm).toBe('59.8');
    }
    if (report.imported.suspension > 0) {
      const suspension = await api.call<{ frontCamber: string | null; notes: string | null }>('GET', `/api/cars/${mx5.id}/suspension`);
      expect(suspension).toMatchObject({ frontCamber: '-2.8°', notes: file.suspension!.notes });
    }
    if (report.imported['tire pressures'] > 0) {
      const pressures = await api.call<{ items: { condition: string; frontLeft: string }[]; notes: string | null }>('GET', `/api/cars/${mx5.id}/tire-pressures`);
      expect(pressures.items.map((r) => r.condition)).toEqual(['Dry (Cold)', 'Dry (Hot Target)', 'Wet (Cold)']);
      expect(pressures.notes).toBe(file.tirePressures!.notes);
    }
    if (report.imported['tire pressure targets'] > 0) {
      const targets = await api.call<Record<string, number | null>>('GET', `/api/cars/${mx5.id}/tire-pressure-targets`);
      expect(targets).toMatchObject(file.tirePressureTargets!);
    }
    if (report.imported['setup sheets'] > 0) {
      // The car's sheet as the file writes it (degrees, mm, N/mm, clicks, % front), every field it leaves out null.
      const sheet = await api.call<SetupSheet>('GET', `/api/cars/${mx5.id}/setup-sheet`);
      expect(sheet.corners.fl).toEqual({ camberDeg: -2.8, toeMm: 0, casterDeg: 7.5, rideHeightMm: 120, springRateNmm: 78, bumpStopGapMm: 22, packersMm: 5, damper: { lowSpeedBump: 8, highSpeedBump: 5, lowSpeedRebound: 6, highSpeedRebound: 4 } });
      expect(sheet.corners.rr).toMatchObject({ camberDeg: -2, toeMm: 0.75, casterDeg: null, rideHeightMm: 125 });
      expect(sheet).toMatchObject({ eventId: null, brakes: { biasFrontPercent: 57, padsFront: 'Hawk DTC-60' }, aero: { rearWingDeg: 6, gurneyMm: null }, ballastKg: 10, notes: file.setupSheet!.notes });
    }
    if (report.imported['race event setup sheets'] > 0) {
      // The Summer Enduro's own fields, and the car's for the rest (inherited).
      const raceEvents = await api.call<{ id: number; name: string }[]>('GET', `/api/cars/${mx5.id}/events`);
      const enduro = raceEvents.find((e) => e.name === 'Summer Enduro')!;
      const sheet = await api.call<SetupSheet>('GET', `/api/cars/${mx5.id}/events/${enduro.id}/setup-sheet`);
      expect(sheet.ownFields.sort()).toEqual([
        'brakes.biasFrontPercent', 'brakes.padsFront', 'corners.fl.damper.highSpeedBump', 'corners.fr.damper.highSpeedBump', 'corners.rl.damper.highSpeedBump', 'corners.rr.damper.highSpeedBump', 'electronics.tcMap', 'notes',
      ]);
      expect(sheet).toMatchObject({ eventId: enduro.id, brakes: { biasFrontPercent: 58, padsFront: 'Hawk DTC-30', padsRear: 'Hawk DTC-30' }, electronics: { tcMap: '2', absMap: 'Stock' } });
      expect(sheet.corners.fl).toMatchObject({ camberDeg: -2.8, damper: { lowSpeedBump: 8, highSpeedBump: 3 } });
      const sprint = raceEvents.find((e) => e.name === 'Spring Sprint Round 1')!;
      expect((await api.call<SetupSheet>('GET', `/api/cars/${mx5.id}/events/${sprint.id}/setup-sheet`)).ownFields).toEqual([]);
    }
    if (report.imported['checklist items'] > 0) {
      const items = await api.call<{ title: string; priority: string }[]>('GET', `/api/cars/${mx5.id}/checklist`);
      expect(items.map((i) => i.title).sort()).toEqual(file.checklist.map((i) => i.title).sort());
    }
    if (report.imported['race events'] > 0) {
      const raceEvents = await api.call<{ id: number; name: string; finalDriveRatio: string | null }[]>('GET', `/api/cars/${mx5.id}/events`);
      expect(raceEvents.map((e) => e.name).sort()).toEqual(['Spring Sprint Round 1', 'Summer Enduro']);
      if (report.imported['final drive ratios'] > 0) {
        expect(raceEvents.find((e) => e.name === 'Spring Sprint Round 1')!.finalDriveRatio).toBe('2.866');
      }
      if (report.imported.issues > 0) {
        const issues = await api.call<{ title: string; eventId: number | null; status: string }[]>('GET', `/api/cars/${mx5.id}/issues`);
        const sprint = raceEvents.find((e) => e.name === 'Spring Sprint Round 1')!;
        expect(issues.filter((i) => i.eventId === sprint.id).map((i) => [i.title, i.status]).sort()).toEqual([
          ['Brake pedal goes long', 'resolved'],
          ['Spare front pads', 'open'],
        ]);
      }
      if (report.imported.sessions > 0) {
        const sprint = raceEvents.find((e) => e.name === 'Spring Sprint Round 1')!;
        const sessions = await api.call<{ id: number; name: string; driverName: string | null; bestLapMs: number | null; timedLapCount: number }[]>('GET', `/api/cars/${mx5.id}/events/${sprint.id}/sessions`);
        expect(sessions.map((s) => s.name)).toEqual(['FP1', 'FP2', 'Qualifying', 'Race']);
        expect(sessions.every((s) => s.driverName === 'Aiko Tanaka' && s.timedLapCount > 0 && s.bestLapMs !== null)).toBe(true);
        const changes = await api.call<{ previous: { name: string }; entries: { changes: { field: string; before: string | null; after: string | null }[] }[] }>('GET', `/api/cars/${mx5.id}/events/${sprint.id}/sessions/${sessions[1]!.id}/changes`);
        expect(changes.previous.name).toBe('FP1');
        expect(changes.entries.flatMap((e) => e.changes)).toContainEqual({ field: 'Front camber', before: '-2.8°', after: '-3.2°' });
      }
    }
    if (report.imported['tread measurements'] > 0 && report.imported['lap times'] > 0) {
      // Set 4 ran qualifying (8 laps) and the race (17): two heat cycles, measured after the race.
      const sets = await api.call<{ name: string; heatCycles: number; laps: number; condition: string; wearPercent: number | null; lapsLeft: number | null }[]>('GET', `/api/teams/${report.team.id}/tire-sets`);
      expect(sets.map((t) => t.name)).toEqual(['Set 2', 'Set 4', 'Set 5']);
      expect(sets.find((t) => t.name === 'Set 4')).toMatchObject({ heatCycles: 2, laps: 25, condition: 'scrubbed', wearPercent: 27.3, lapsLeft: 66 });
      // Set 2 came used (3 heat cycles, 36 laps before this season), then ran FP1 (11 laps) and FP2 (12): 5 heat cycles, as FP2's run sheet says.
      expect(sets.find((t) => t.name === 'Set 2')).toMatchObject({ condition: 'used', earlierHeatCycles: 3, earlierLaps: 36, heatCycles: 5, laps: 59 });
    }
    if (report.imported['series entries'] > 0) {
      const [series] = await api.call<{ id: number; name: string; role: string; rounds: unknown[] }[]>('GET', '/api/series');
      expect(series).toMatchObject({ name: season.series[0]!.name, role: 'entrant' });
      expect(series!.rounds).toHaveLength(season.series[0]!.rounds.length);
      const entries = await api.call<{ number: number; class: string; passport: { name: string } }[]>('GET', `/api/series/${series!.id}/entries`);
      expect(entries.map((e) => [e.number, e.class, e.passport.name]).sort()).toEqual(season.series[0]!.entries.map((e) => [e.number, e.class, e.car]).sort());
    }
  });

  it('run again, signs in through Admin Login and adds no second copy of any car', async () => {
    const again = await importSeason(season, { baseUrl });
    expect(again.teamCreated).toBe(false);
    expect(again.team.id).toBe(report.team.id);
    expect(again.imported.cars).toBe(0);
    expect(again.skipped.filter((s) => s.part === 'cars').reduce((n, s) => n + s.count, 0)).toBe(4);
    expect(again.imported.series).toBe(0);
    expect(again.skipped.filter((s) => s.part === 'series')).toHaveLength(season.series.length);

    const api = await signInAsOwner();
    const cars = await api.call<unknown[]>('GET', '/api/cars');
    expect(cars).toHaveLength(4);
  });

  it('aborts with the server message when the server refuses the sign-in', async () => {
    const wrongPassword = parseSeason({ ...season, setup: { ...season.setup, password: 'not-the-password' } });
    const error = await importSeason(wrongPassword, { baseUrl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportAbortedError);
    expect((error as Error).message).toMatch(/POST \/api\/auth\/login answered 401: Invalid credentials/);
  });

  it("refuses a setup sheet key that is not one of the sheet's fields, or a number written as text, naming its path", () => {
    const withSheet = (setupSheet: unknown) => () => parseSeason({ setup: season.setup, cars: [{ car: { name: 'Sheet Car', makeModel: 'Mazda MX-5 (ND2)', year: 2022 }, setupSheet }] });
    expect(withSheet({ brakes: { bias: 57 } })).toThrow(SeasonFileError);
    expect(withSheet({ brakes: { bias: 57 } })).toThrow(/cars\[0\]\.setupSheet\.brakes: Unrecognized key: "bias"/);
    expect(withSheet({ corners: { fl: { camberDeg: '-3.2°' } } })).toThrow(/cars\[0\]\.setupSheet\.corners\.fl\.camberDeg: /);
    expect(withSheet({ corners: { fl: { camberDeg: -3.2 } }, brakes: { padsFront: 'Hawk DTC-60' } })).not.toThrow();
  });

  it("aborts naming the car's setup sheet and the server's message for a value out of the sheet's range", async () => {
    const outOfRange = parseSeason({
      setup: { teamName: 'Sheet Works', ownerName: 'Ana Moreau', email: 'ana@sheet.example', username: 'ana-moreau', password: 'setup-sheet-38' },
      cars: [{ car: { name: 'Sheet Car', makeModel: 'Mazda MX-5 (ND2)', year: 2022 }, setupSheet: { corners: { fl: { camberDeg: -32 } } } }],
    });
    const error = await importSeason(outOfRange, { baseUrl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportAbortedError);
    expect((error as Error).message).toMatch(/^Car 'Sheet Car' setup sheet: PUT \/api\/cars\/\d+\/setup-sheet answered 400: corners fl camberDeg: must be from -10 to 5°/);
  });

  it('aborts naming the car and the server message when a car is refused, keeping what was imported before', async () => {
    const refused = parseSeason({
      setup: { teamName: 'Gravel Works', ownerName: 'Lee Park', email: 'lee@gravel.example', username: 'lee-park', password: 'stage-one-go' },
      cars: [{ car: { name: 'Good Car', makeModel: 'Ford Fiesta', year: 2020 } }, { car: { name: 'Old Car', makeModel: 'Ford Model T', year: 1925 } }],
    });
    const error = await importSeason(refused, { baseUrl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportAbortedError);
    expect((error as ImportAbortedError).message).toMatch(/^Car 'Old Car': POST \/api\/cars answered 400: year: Year must be at least 1950/);
    expect((error as ImportAbortedError).partial.imported.cars).toBe(1);
  });
});
