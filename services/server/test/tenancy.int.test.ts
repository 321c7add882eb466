import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Pitwall } from '../src/composition-root.ts';
import { client, databases, eventCount, importTeamFile, MX5, sessionCookie, setupTeam, startTestPitwall, uploadImage } from './helpers.ts';

/** Routes anyone may call: signing in, and the API documentation. */
const PUBLIC = new Set(['GET /api/auth/user', 'POST /api/auth/setup-team', 'POST /api/auth/login', 'POST /api/auth/logout']);
const isDocs = (url: string) => url.startsWith('/api/docs');
/** Collections of the caller's own teams (or series): another user gets 200 without team A's row (its id param named here). */
const OWN_COLLECTIONS: Record<string, string> = { 'GET /api/cars': 'carId', 'GET /api/teams': 'teamId', 'GET /api/series': 'seriesId' };
/** Open to any signed-in user: creating one's own team or series touches no other team. */
const ANY_SIGNED_IN = new Set(['POST /api/teams', 'POST /api/upload', 'POST /api/series', 'POST /api/teams/import']);
/** Multipart uploads: their own suites send the files (images.int, team-transfer.int). */
const MULTIPART = new Set(['POST /api/upload', 'POST /api/teams/import']);

/**
 * Event streams: an open stream never ends, so `app.inject` cannot read one. Here they must refuse
 * callers without a session (401); what a signed-in caller's stream carries (their teams' changes
 * only) is tested over a real socket in live.int.test.ts.
 */
const STREAMS = new Set(['GET /api/live']);

/**
 * Series roles. The callers: `owner` (team A, entered in the series with car A),
 * `organiser` (organises the series, is in no team A), `rival` (team B, also entered, with its own
 * car) and `outsider` (team C, not entered). Every other route is team A's alone: the organiser,
 * the rival and the outsider get 404 — so organising a series never reaches an entered car's
 * /api/cars/{id}/… routes.
 */
type Caller = 'owner' | 'organiser' | 'rival' | 'outsider';
/** The organiser's commands: the entered teams get 403 (they see the series), the outsider 404. */
const SERIES_ORGANISER = new Set([
  'POST /api/series/:seriesId/rounds',
  'POST /api/series/:seriesId/join-codes',
  'PUT /api/series/:seriesId/scrutineering-items',
  'PUT /api/series/:seriesId/rounds/:roundId/scrutineering/:entryId',
  'PUT /api/series/:seriesId/rounds/:roundId/results',
  'PUT /api/series/:seriesId/points-table',
  'POST /api/series/:seriesId/rounds/:roundId/results/preview',
  'PUT /api/series/:seriesId/rounds/:roundId/timetable',
  'PUT /api/series/:seriesId/rounds/:roundId/entries/:entryId/bop',
  'PUT /api/series/:seriesId/rounds/:roundId/tire-allocation',
]);
/** Every participant reads these (200), each seeing only what is theirs: the rival's answer never holds team A's data. */
const SERIES_SHARED = new Set([
  'GET /api/series/:seriesId', 'GET /api/series/:seriesId/entries', 'GET /api/series/:seriesId/rounds/:roundId/scrutineering',
  'GET /api/series/:seriesId/rounds/:roundId/results', 'GET /api/series/:seriesId/points-table', 'GET /api/series/:seriesId/standings',
  'GET /api/series/:seriesId/rounds/:roundId/timetable',
  'GET /api/series/:seriesId/rounds/:roundId/bop',
  'GET /api/series/:seriesId/rounds/:roundId/tire-allocation', 'GET /api/series/:seriesId/rounds/:roundId/tire-register',
]);
/** Team A's entry's results: its team and the organiser. */
const SERIES_ENTRY_READ = new Set(['GET /api/series/:seriesId/rounds/:roundId/scrutineering/:entryId', 'GET /api/series/:seriesId/rounds/:roundId/entries/:entryId/bop']);

/**
 * GETs without an ETag: views rebuilt from the history at a pinned moment, comparisons
 * and track views across several aggregates, and image bytes (immutable, cached by URL). Every
 * other GET answers one and 304 on If-None-Match.
 */
const WITHOUT_ETAG = new Set([
  'GET /api/cars/:carId/history',
  'GET /api/cars/:carId/setup',
  'GET /api/cars/:carId/events/:eventId/compare/:otherEventId',
  'GET /api/cars/:carId/events/:eventId/carried-over',
  'GET /api/cars/:carId/events/:eventId/sessions/:sessionId/setup',
  'GET /api/cars/:carId/events/:eventId/sessions/:sessionId/changes',
  'GET /api/cars/:carId/events/:eventId/sessions/:sessionId/compare/:otherSessionId',
  'GET /api/cars/:carId/tracks/sessions',
  'GET /api/cars/:carId/events/:eventId/change-effects',
  'GET /api/cars/:carId/change-effects',
  'GET /api/cars/:carId/events/:eventId/tire-pressure-suggestion',
  // The race at the instant asked: it changes with the clock, not with a stream.
  'GET /api/cars/:carId/events/:eventId/sessions/:sessionId/race-now',
  'GET /api/images/*',
  'GET /api/teams/:teamId/export',
  // A race event's series round: read across the team's race event and the series.
  'GET /api/cars/:carId/events/:eventId/round',
]);
/** A change whose representation (412 body) is not the GET of its own URL or of its nearest parent with a GET. */
const REPRESENTATION: Record<string, string> = { 'DELETE /api/teams/:teamId/series/:seriesId': '/api/series/:seriesId' };
const CONDITIONAL = new Set(['PUT', 'PATCH', 'DELETE']);
/** An ETag that is not the current one: the revision before (`"car-12.56"` for `"car-12.57"`), or another digest of a list. */
const staleOf = (tag: string) => tag.replace(/\.([\w-]+)"$/, (_, v: string) => (/^[1-9]\d*$/.test(v) ? `.${Number(v) - 1}"` : `.${'A'.repeat(22)}"`));

/** Who may do route `key` (the first one does it in the 'valid requests' test). */
function allowedCallers(key: string): Caller[] {
  if (SERIES_ORGANISER.has(key)) return ['organiser'];
  if (SERIES_SHARED.has(key)) return ['owner', 'organiser', 'rival'];
  if (SERIES_ENTRY_READ.has(key)) return ['owner', 'organiser'];
  return ['owner'];
}

/**
 * A valid request for EVERY protected route, against team A's data. A route added to the server
 * without an entry here fails this test: each route must be shown to refuse other teams.
 */
const SAMPLES: Record<string, unknown> = {
  'GET /api/cars': undefined,
  'POST /api/cars': { ...MX5, teamId: 'TEAM' },
  'GET /api/cars/:id': undefined,
  'PUT /api/cars/:id': { ...MX5, power: '200 hp' },
  'GET /api/cars/:carId/gear-ratios': undefined,
  'PUT /api/cars/:carId/gear-ratios': [{ name: '1st', ratio: '5.087' }],
  'GET /api/cars/:carId/suspension': undefined,
  'PUT /api/cars/:carId/suspension': { frontCamber: '-3.1°' },
  'GET /api/cars/:carId/tire-pressures': undefined,
  'PUT /api/cars/:carId/tire-pressures': { items: [{ condition: 'Dry (Cold)', frontLeft: '1', frontRight: '1', rearLeft: '1', rearRight: '1' }], notes: null },
  'GET /api/cars/:carId/checklist': undefined,
  'POST /api/cars/:carId/checklist': { title: 'Check fuel' },
  'PATCH /api/cars/:carId/checklist/:itemId': { isCompleted: true },
  'DELETE /api/cars/:carId/checklist/:itemId': undefined,
  'GET /api/cars/:carId/events': undefined,
  'POST /api/cars/:carId/events': { name: 'Round 9', location: 'Sonoma', date: '2026-09-01' },
  'GET /api/cars/:carId/events/:eventId': undefined,
  'PATCH /api/cars/:carId/events/:eventId': { finalDriveRatio: '3.9' },
  'GET /api/cars/:carId/events/:eventId/issues': undefined,
  'GET /api/cars/:carId/events/:eventId/carried-over': undefined,
  'GET /api/cars/:carId/issues': undefined,
  'POST /api/cars/:carId/issues': { title: 'Loose mirror', description: 'Left mirror vibrates' },
  'PATCH /api/cars/:carId/issues/:issueId': { status: 'resolved' },
  'GET /api/cars/:carId/history': undefined,
  'GET /api/cars/:carId/setup': undefined,
  'GET /api/cars/:carId/events/:eventId/compare/:otherEventId': undefined,
  'GET /api/cars/:carId/events/:eventId/sessions': undefined,
  'POST /api/cars/:carId/events/:eventId/sessions': { name: 'FP2', type: 'practice', startedAt: '2026-03-21T13:00:00Z' },
  'GET /api/cars/:carId/events/:eventId/sessions/:sessionId': undefined,
  'PATCH /api/cars/:carId/events/:eventId/sessions/:sessionId': { feedbackTags: ['car-felt-good'] },
  'DELETE /api/cars/:carId/events/:eventId/sessions/:sessionId': undefined,
  'PUT /api/cars/:carId/events/:eventId/sessions/:sessionId/laps': { laps: [{ time: '1:42.318', kind: 'timed' }] },
  'POST /api/cars/:carId/events/:eventId/sessions/:sessionId/laps/preview': { text: '1 1:42.318\n2 1:41.950' },
  'PUT /api/cars/:carId/events/:eventId/sessions/:sessionId/tire-pressures': { cold: { fl: 28, fr: 28, rl: 27, rr: 27, tempC: 18 }, hot: null },
  'PUT /api/cars/:carId/events/:eventId/sessions/:sessionId/tire-temperatures': { corners: { fl: { innerC: 92, middleC: 86, outerC: 80 }, fr: { innerC: 85, middleC: 90, outerC: 82 }, rl: { innerC: 80, middleC: 78, outerC: 74 }, rr: { innerC: 84, middleC: 80, outerC: 82 } } },
  'PUT /api/cars/:carId/events/:eventId/sessions/:sessionId/stints': { stints: [{ driverMemberId: 'MEMBER', fromLap: 1, toLap: 1, fuelAddedLitres: 0, pitStopMs: 0 }] },
  'PUT /api/cars/:carId/events/:eventId/sessions/:sessionId/fuel-at-end': { fuelAtEndLitres: 12.5 },
  'POST /api/cars/:carId/events/:eventId/sessions/:sessionId/pit-stops': { inLap: 1, stopMs: 64000, fuelAddedLitres: 40, driverMemberId: 'MEMBER' },
  'PATCH /api/cars/:carId/events/:eventId/sessions/:sessionId/pit-stops/:stopId': { stopMs: 65000 },
  'DELETE /api/cars/:carId/events/:eventId/sessions/:sessionId/pit-stops/:stopId': undefined,
  'GET /api/cars/:carId/events/:eventId/race-plan': undefined,
  'PUT /api/cars/:carId/events/:eventId/race-plan': { raceMinutes: 360, lapTimeMs: 120000, fuelPerLapLitres: 2.5, tankLitres: 80, marginPercent: 5, driverMemberIds: ['MEMBER'], rules: { maxDriverMinutes: 240 } },
  'POST /api/cars/:carId/events/:eventId/race-plan/preview': { raceLaps: 50, fuelPerLapLitres: 2.5, tankLitres: 80, marginPercent: 5, driverMemberIds: [], rules: {} },
  'GET /api/cars/:carId/events/:eventId/sessions/:sessionId/race-now': undefined,
  'GET /api/cars/:carId/events/:eventId/sessions/:sessionId/setup': undefined,
  'GET /api/cars/:carId/events/:eventId/sessions/:sessionId/changes': undefined,
  'GET /api/cars/:carId/events/:eventId/sessions/:sessionId/compare/:otherSessionId': undefined,
  'GET /api/cars/:carId/tracks/sessions': undefined,
  'GET /api/cars/:carId/events/:eventId/change-effects': undefined,
  'GET /api/cars/:carId/change-effects': undefined,
  'GET /api/cars/:carId/tire-pressure-targets': undefined,
  'PUT /api/cars/:carId/tire-pressure-targets': { front: 34, rear: 33 },
  'GET /api/cars/:carId/corner-weights': undefined,
  'PUT /api/cars/:carId/corner-weights': { fl: 360, fr: 350, rl: 340, rr: 350 },
  'GET /api/cars/:carId/setup-sheet': undefined,
  'PUT /api/cars/:carId/setup-sheet': { corners: { fl: { camberDeg: -3.2 } } },
  'GET /api/cars/:carId/events/:eventId/setup-sheet': undefined,
  'PUT /api/cars/:carId/events/:eventId/setup-sheet': { corners: { fl: { camberDeg: -3.4 } } },
  'GET /api/cars/:carId/tire-temperature-targets': undefined,
  'PUT /api/cars/:carId/tire-temperature-targets': { spreadMinC: 4, spreadMaxC: 9, middleToleranceC: 2 },
  'GET /api/cars/:carId/setup-targets': undefined,
  'PUT /api/cars/:carId/setup-targets': { crossPercent: 50 },
  'GET /api/cars/:carId/events/:eventId/tire-pressure-suggestion': undefined,
  'POST /api/upload': undefined,
  'GET /api/images/*': undefined,
  'GET /api/cars/:carId/images': undefined,
  'POST /api/cars/:carId/images': { url: 'UPLOAD', caption: 'Corkscrew' },
  'GET /api/teams': undefined,
  'POST /api/teams': { name: 'Second Team' },
  'DELETE /api/teams/:teamId': undefined,
  'GET /api/teams/:teamId/settings': undefined,
  'PUT /api/teams/:teamId/settings': { pressureUnit: 'bar', temperatureUnit: 'F' },
  'GET /api/teams/:teamId/members': undefined,
  'POST /api/teams/:teamId/members': { username: 'marco', password: 'torque-108nm', firstName: 'Marco', role: 'mechanic', memberColor: '#ff6600' },
  'PATCH /api/teams/:teamId/members/:memberId': { displayName: 'Marco R.' },
  'DELETE /api/teams/:teamId/members/:memberId': undefined,
  'POST /api/teams/:teamId/members/:memberId/password': { password: 'grid-walk-lantern-9' },
  'GET /api/teams/:teamId/parts': undefined,
  'POST /api/teams/:teamId/parts': { name: 'Gearbox', category: 'gearbox', limits: { km: 5000 }, carId: 'CAR2' },
  'GET /api/teams/:teamId/parts/:partId': undefined,
  'PATCH /api/teams/:teamId/parts/:partId': { notes: 'Dog box, straight-cut' },
  'DELETE /api/teams/:teamId/parts/:partId': undefined,
  'POST /api/teams/:teamId/parts/:partId/fit': { carId: 'CAR2', at: '2030-01-01T08:00:00Z' },
  'PATCH /api/teams/:teamId/parts/:partId/fit': { at: '2030-01-01T12:00:00Z' },
  'POST /api/teams/:teamId/parts/:partId/remove': { at: '2030-01-02T08:00:00Z' },
  'POST /api/teams/:teamId/parts/:partId/service': { at: '2030-01-03T08:00:00Z', notes: 'Clutch rebuilt', resetsLife: true },
  'GET /api/teams/:teamId/parts/:partId/life': undefined,
  'GET /api/cars/:carId/parts': undefined,
  'GET /api/cars/:carId/view': undefined,
  'GET /api/cars/:carId/events/:eventId/view': undefined,
  'GET /api/teams/:teamId/tire-sets': undefined,
  'POST /api/teams/:teamId/tire-sets': { name: 'Set 5', treadNewMm: 8, treadMinimumMm: 1.5, carId: 'CAR2' },
  'GET /api/teams/:teamId/tire-sets/:setId': undefined,
  'PATCH /api/teams/:teamId/tire-sets/:setId': { condition: 'used' },
  'DELETE /api/teams/:teamId/tire-sets/:setId': undefined,
  'POST /api/teams/:teamId/tire-sets/:setId/tread': { measuredAt: '2026-04-02T08:00:00Z', fl: [6.2, 5.9, 6.4], fr: [6.5], rl: [7], rr: [7.1] },
  'GET /api/teams/:teamId/tire-sets/:setId/tread': undefined,
  'GET /api/teams/:teamId/export': undefined,
  'POST /api/teams/import': undefined,
  'GET /api/series': undefined,
  'POST /api/series': { name: 'Autumn Cup', season: '2026', classes: ['Cup'] },
  'GET /api/series/:seriesId': undefined,
  'POST /api/series/:seriesId/rounds': { name: 'Round 2', location: 'Sonoma', date: '2026-05-03' },
  'POST /api/series/:seriesId/join-codes': undefined,
  'POST /api/teams/:teamId/series': { code: 'CODE' },
  'GET /api/series/:seriesId/entries': undefined,
  'POST /api/series/:seriesId/entries': { carId: 'CAR2', class: 'Cup', number: '28' },
  'DELETE /api/series/:seriesId/entries/:entryId': undefined,
  'DELETE /api/teams/:teamId/series/:seriesId': undefined,
  'PUT /api/series/:seriesId/scrutineering-items': { items: [{ id: 'ITEM', title: 'Seat FIA label valid' }, { title: 'Harness in date' }] },
  'GET /api/series/:seriesId/rounds/:roundId/scrutineering': undefined,
  'GET /api/series/:seriesId/rounds/:roundId/scrutineering/:entryId': undefined,
  'PUT /api/series/:seriesId/rounds/:roundId/scrutineering/:entryId': { results: [{ itemId: 'ITEM', status: 'pass', notes: 'Checked at the gate' }] },
  'GET /api/series/:seriesId/rounds/:roundId/results': undefined,
  'PUT /api/series/:seriesId/rounds/:roundId/results': { results: [{ number: '27', position: 1, laps: 30, bestLapMs: 92_345, status: 'classified', pole: true }] },
  'POST /api/series/:seriesId/rounds/:roundId/results/preview': { text: 'POSITION;NUMBER;STATUS;LAPS;FL_TIME\n1;27;Classified;30;1:42.318' },
  'GET /api/series/:seriesId/points-table': undefined,
  'PUT /api/series/:seriesId/points-table': { points: [25, 18, 15], polePoints: 1 },
  'GET /api/series/:seriesId/rounds/:roundId/timetable': undefined,
  'PUT /api/series/:seriesId/rounds/:roundId/timetable': { sessions: [{ name: 'FP1', type: 'practice', startsAt: '2026-04-12T09:00:00-07:00', durationMinutes: 45 }] },
  'GET /api/cars/:carId/events/:eventId/round': undefined,
  'GET /api/series/:seriesId/standings': undefined,
  'GET /api/series/:seriesId/rounds/:roundId/bop': undefined,
  'GET /api/series/:seriesId/rounds/:roundId/entries/:entryId/bop': undefined,
  'PUT /api/series/:seriesId/rounds/:roundId/entries/:entryId/bop': { ballastKg: 20, restrictorMm: 36, minWeightKg: 1250, notes: 'After Round 1' },
  'GET /api/series/:seriesId/rounds/:roundId/tire-allocation': undefined,
  'PUT /api/series/:seriesId/rounds/:roundId/tire-allocation': { setsPerCar: 8, compound: 'Hankook Z214' },
  'GET /api/series/:seriesId/rounds/:roundId/tire-register': undefined,
  'POST /api/series/:seriesId/rounds/:roundId/tire-register': { entryId: 'ENTRY', tireSetId: 'SET' },
  'DELETE /api/series/:seriesId/rounds/:roundId/tire-register/:barcode': undefined,
  'GET /api/live': undefined,
};

/**
 * Team A's world for one test on `pitwall`: its owner's cars, race events, sessions, parts, tire sets,
 * members and image, a series with team A and the rival entered, and the callers; with the valid
 * request of every protected route against it.
 */
async function givenWorld(pitwall: Pitwall) {
  const { api: owner, user } = await setupTeam(pitwall);
  const { api: rival, user: rivalUser } = await setupTeam(pitwall, { username: 'rival', teamName: 'Rival Motorsport' });
  const { api: organiser } = await setupTeam(pitwall, { username: 'clerk', teamName: 'Series Office' });
  const { api: outsider } = await setupTeam(pitwall, { username: 'outsider', teamName: 'Outside Racing' });
  const anonymous = client(pitwall);
  const car = (await owner.post('/api/cars', MX5)).json() as { id: number };
  const car2 = (await owner.post('/api/cars', { ...MX5, name: 'Spare MX-5' })).json() as { id: number };
  const raceEvent = (await owner.post(`/api/cars/${car.id}/events`, { name: 'Round 1', location: 'Laguna Seca', date: '2026-03-21' })).json() as { id: number };
  const issue = (await owner.post(`/api/cars/${car.id}/issues`, { title: 'Brake pedal goes long', description: 'Pedal travel grows' })).json() as { id: number };
  const item = (await owner.post(`/api/cars/${car.id}/checklist`, { title: 'Torque wheel nuts' })).json() as { id: number };
  const teamId = user.teams[0]!.teamId;
  const session = (await owner.post(`/api/cars/${car.id}/events/${raceEvent.id}/sessions`, { name: 'FP1', type: 'practice', startedAt: '2026-03-21T09:00:00Z' })).json() as { id: number };
  // The pit stop routes work on a race session of their own (the run sheet's DELETE removes the one above before them).
  const race = (await owner.post(`/api/cars/${car.id}/events/${raceEvent.id}/sessions`, { name: 'Race', type: 'race', startedAt: '2026-03-21T14:00:00Z' })).json() as { id: number };
  const stop = ((await owner.post(`/api/cars/${car.id}/events/${raceEvent.id}/sessions/${race.id}/pit-stops`, { inLap: 12 })).json() as { pitStops: { stopId: number }[] }).pitStops[0]!;
  // Race now reads the same race session and a plan with a lap time.
  await owner.put(`/api/cars/${car.id}/events/${raceEvent.id}/race-plan`, { raceMinutes: 120, lapTimeMs: 100_000, marginPercent: 5, driverMemberIds: [], rules: {} });
  const part = (await owner.post(`/api/teams/${teamId}/parts`, { name: 'Clutch', category: 'clutch', limits: { km: 2500 }, carId: car.id })).json() as { id: number };
  const tireSet = (await owner.post(`/api/teams/${teamId}/tire-sets`, { name: 'Set 4', treadNewMm: 8, treadMinimumMm: 1.5, carId: car.id, barcode: 'HK-004821' })).json() as { id: number };
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0066cc' } }).jpeg().toBuffer();
  const uploaded = (await uploadImage(pitwall, await sessionCookie(pitwall, 'dana', 'paddock-2026'), photo)).json() as { url: string };
  const member = (await owner.post(`/api/teams/${teamId}/members`, { username: 'aiko', password: 'apex-late-brake', firstName: 'Aiko', role: 'driver', memberColor: '#16a34a' })).json() as { id: number };
  // A member of team A whose membership the owner then deactivates: their session ends with it.
  const former = (await owner.post(`/api/teams/${teamId}/members`, { username: 'formerdriver', password: 'pit-lane-7', firstName: 'Former', role: 'driver', memberColor: '#ec4899' })).json() as { id: number };
  const deactivated = client(pitwall);
  await deactivated.post('/api/auth/login', { username: 'formerdriver', password: 'pit-lane-7', loginType: 'member' });
  await owner.patch(`/api/teams/${teamId}/members/${former.id}`, { isActive: false });
  // The series: team A enters car A; the rival enters its own car; the outsider stays out.
  const series = (await organiser.post('/api/series', { name: 'Club Sprint Cup', season: '2026', classes: ['Cup'] })).json() as { id: number };
  const round = (await organiser.post(`/api/series/${series.id}/rounds`, { name: 'Round 1', location: 'Laguna Seca', date: '2026-04-12' })).json() as { id: number };
  const { code } = (await organiser.post(`/api/series/${series.id}/join-codes`)).json() as { code: string };
  const [checkItem] = (await organiser.put(`/api/series/${series.id}/scrutineering-items`, { items: [{ title: 'Seat FIA label valid' }] })).json() as { id: number }[];
  await owner.post(`/api/teams/${teamId}/series`, { code });
  const entry = (await owner.post(`/api/series/${series.id}/entries`, { carId: car.id, class: 'Cup', number: '27' })).json() as { id: number };
  await rival.post(`/api/teams/${rivalUser.teams[0]!.teamId}/series`, { code });
  const rivalCar = (await rival.post('/api/cars', { ...MX5, name: 'Rival Car' })).json() as { id: number };
  // The round's timetable is out: car A races the round as a race event of its own.
  await organiser.put(`/api/series/${series.id}/rounds/${round.id}/timetable`, { sessions: [{ name: 'Race', type: 'race', startsAt: '2026-04-12T14:00:00-07:00', durationMinutes: 40 }] });
  const roundEvent = ((await owner.get(`/api/cars/${car.id}/events`)).json() as { id: number; round: unknown }[]).find((e) => e.round !== null)!;
  const rivalEntry = (await rival.post(`/api/series/${series.id}/entries`, { carId: rivalCar.id, class: 'Cup', number: '5' })).json() as { id: number };
  // Each car has a BoP at the round (the rival reads its own, never team A's).
  for (const entryId of [entry.id, rivalEntry.id]) await organiser.put(`/api/series/${series.id}/rounds/${round.id}/entries/${entryId}/bop`, { ballastKg: 10, restrictorMm: null, minWeightKg: null });
  const ids: Record<string, number | string> = {
    id: car.id, carId: car.id, eventId: raceEvent.id, issueId: issue.id, itemId: item.id, teamId, memberId: member.id, otherEventId: 'baseline',
    sessionId: session.id, otherSessionId: session.id, seriesId: series.id, roundId: round.id, entryId: entry.id, partId: part.id, setId: tireSet.id,
    barcode: 'HK-004821',
  };
  /** Placeholders in the samples, replaced by the ids made above. */
  const tokens: Record<string, unknown> = { TEAM: teamId, UPLOAD: uploaded.url, CODE: code, CAR2: car2.id, ITEM: checkItem!.id, MEMBER: member.id, ENTRY: entry.id, SET: tireSet.id };
  /** Query strings a route needs to be a valid request. */
  const QUERIES: Record<string, string> = { 'GET /api/cars/:carId/setup': `?eventId=${raceEvent.id}`, 'GET /api/cars/:carId/tracks/sessions': '?location=Laguna%20Seca', 'GET /api/cars/:carId/change-effects': '?field=frontCamber',
    'GET /api/cars/:carId/events/:eventId/tire-pressure-suggestion': '?ambientC=24',
  };

  // A copy of team A imported by its owner: its other members await a first password only the copy's owner may set.
  const copy = (await importTeamFile(pitwall, await sessionCookie(pitwall, 'dana', 'paddock-2026'), (await owner.get(`/api/teams/${teamId}/export`)).rawPayload)).json() as { teamId: number };
  const awaiting = ((await owner.get(`/api/teams/${copy.teamId}/members`)).json() as { id: number; awaitsPassword: boolean }[]).find((m) => m.awaitsPassword)!;
  /** Ids a route needs in place of the ones above. */
  const ROUTE_IDS: Record<string, Record<string, number>> = {
    'POST /api/teams/:teamId/members/:memberId/password': { teamId: copy.teamId, memberId: awaiting.id },
    'GET /api/cars/:carId/events/:eventId/sessions/:sessionId/race-now': { sessionId: race.id },
    'GET /api/cars/:carId/events/:eventId/round': { eventId: roundEvent.id },
    'POST /api/cars/:carId/events/:eventId/sessions/:sessionId/pit-stops': { sessionId: race.id },
    'PATCH /api/cars/:carId/events/:eventId/sessions/:sessionId/pit-stops/:stopId': { sessionId: race.id, stopId: stop.stopId },
    'DELETE /api/cars/:carId/events/:eventId/sessions/:sessionId/pit-stops/:stopId': { sessionId: race.id, stopId: stop.stopId },
  };

  const protectedRoutes = pitwall.app.routeTable.filter((r) => r.url.startsWith('/api/') && !isDocs(r.url) && !PUBLIC.has(`${r.method} ${r.url}`));
  /** A valid request of route `method url`, its ids those of route `idsOf` (default: its own; a change's representation takes the change's). */
  const requestFor = (method: string, url: string, idsOf = `${method} ${url}`) => {
    const key = `${method} ${url}`;
    const path = url.replace('/api/images/*', uploaded.url).replace(/:(\w+)/g, (_, name: string) => String(ROUTE_IDS[idsOf]?.[name] ?? ids[name])) + (QUERIES[key] ?? '');
    const raw = SAMPLES[key];
    const body = raw === undefined ? undefined : JSON.parse(JSON.stringify(raw).replace(/"([A-Z0-9]+)"/g, (token, name: string) => (name in tokens ? JSON.stringify(tokens[name]) : token)));
    return { key, path, body };
  };
  const send = (api: ReturnType<typeof client>, method: string, path: string, body: unknown, headers?: Record<string, string>) =>
    method === 'GET'
      ? api.get(path, headers)
      : method === 'DELETE'
        ? api.delete(path, headers)
        : method === 'POST'
          ? api.post(path, body, headers)
          : method === 'PUT'
            ? api.put(path, body, headers)
            : api.patch(path, body, headers);

  const readable = new Set(protectedRoutes.filter((r) => r.method === 'GET').map((r) => r.url));
  /** The URL of the GET answering a change's representation: its own, else its nearest parent's (see REPRESENTATION). */
  const representationOf = (method: string, url: string) => {
    let at = REPRESENTATION[`${method} ${url}`] ?? url;
    while (!readable.has(at)) at = at.replace(/\/[^/]+$/, '');
    return at;
  };

  return { pitwall, owner, organiser, rival, outsider, anonymous, deactivated, code, ids, protectedRoutes, requestFor, send, representationOf };
}

describe.each(databases)('tenancy of every /api route on $name', (database) => {
  // A server and world of its own per test: the last test changes (and finally deletes) team A.
  let world: Awaited<ReturnType<typeof givenWorld>>;
  beforeEach(async () => {
    const started = await startTestPitwall(database);
    try {
      world = await givenWorld(started.pitwall);
    } catch (error) {
      await started.close();
      throw error;
    }
    return started.close;
  }, 180_000);

  it('has a sample request for every protected route', () => {
    const { protectedRoutes } = world;
    const missing = protectedRoutes.map((r) => `${r.method} ${r.url}`).filter((k) => !(k in SAMPLES));
    expect(missing, 'routes without a tenancy sample').toEqual([]);
    expect(protectedRoutes.length).toBe(Object.keys(SAMPLES).length);
  });

  it('refuses callers without a session or with a deactivated membership (401), and every caller a route is not theirs (404, 403 for an entrant on organiser commands), appending nothing', async () => {
    const { pitwall, owner, organiser, rival, outsider, anonymous, deactivated, code, ids, protectedRoutes, requestFor, send } = world;
    const before = await eventCount(pitwall);
    const others: Record<Exclude<Caller, 'owner'>, ReturnType<typeof client>> = { organiser, rival, outsider };
    for (const { method, url } of protectedRoutes) {
      const { key, path, body } = requestFor(method, url);
      expect((await send(anonymous, method, path, body)).statusCode, `${key} without a session`).toBe(401);
      expect((await send(deactivated, method, path, body)).statusCode, `${key} as a deactivated member`).toBe(401);
      if (ANY_SIGNED_IN.has(key) || STREAMS.has(key)) continue;
      if (SERIES_ORGANISER.has(key)) {
        // The entered team sees the series but may not run it.
        expect((await send(owner, method, path, body)).statusCode, `${key} as the entered team`).toBe(403);
      }
      for (const [caller, api] of Object.entries(others) as [Exclude<Caller, 'owner'>, ReturnType<typeof client>][]) {
        // What a caller may change is done in the next test; here only their reads are looked into.
        if (allowedCallers(key).includes(caller) && method !== 'GET') continue;
        const res = await send(api, method, path, body);
        const idName = OWN_COLLECTIONS[key];
        if (idName) {
          expect(res.statusCode).toBe(200);
          if (idName !== 'seriesId' || caller === 'outsider') expect((res.json() as { id: number }[]).map((row) => row.id), `${key} as ${caller}`).not.toContain(ids[idName]);
          expect(res.body, `${key} as ${caller} holds team A's data`).not.toContain('Apex Garage Racing');
          continue;
        }
        if (allowedCallers(key).includes(caller)) {
          expect(res.statusCode, `${key} as ${caller}: ${res.body}`).toBe(200);
          if (caller === 'rival') expect(res.body, `${key} as the rival holds team A's data`).not.toMatch(/Apex Garage Racing|MX-5 #27/);
          if (caller !== 'organiser') expect(res.body, `${key} as ${caller} shows a join code`).not.toContain(code);
          continue;
        }
        const expected = SERIES_ORGANISER.has(key) && caller === 'rival' ? 403 : 404;
        // Adding a car to a team one is not in answers 404 'Team not found' like every other foreign id.
        expect(res.statusCode, `${key} as ${caller}: ${res.body}`).toBe(expected);
      }
    }
    expect(await eventCount(pitwall)).toBe(before);
  });

  it('lets the owning team (the organiser, for its commands) do each of them (the samples are valid requests); each change sent twice with an Idempotency-Key runs once; every change with a stale If-Match answers 412 with the current representation and appends nothing, with the current one it runs; every GET of a changeable resource answers an ETag and 304 for it', async () => {
    const { pitwall, owner, organiser, protectedRoutes, requestFor, send, representationOf } = world;
    // Deletions last (in route order: a car's withdrawal before the team leaves the series), and the team's own deletion very last.
    const rank = (r: { method: string; url: string }) => (r.url === '/api/teams/:teamId' ? 2 : Number(r.method === 'DELETE'));
    const ordered = [...protectedRoutes].filter((r) => !STREAMS.has(`${r.method} ${r.url}`)).sort((a, b) => rank(a) - rank(b));
    for (const [i, { method, url }] of ordered.filter((r) => !MULTIPART.has(`${r.method} ${r.url}`)).entries()) {
      const { key, path, body } = requestFor(method, url);
      const headers: Record<string, string> | undefined = method === 'GET' ? undefined : { 'idempotency-key': `matrix-${i}` };
      const api = allowedCallers(key)[0] === 'organiser' ? organiser : owner;
      const representation = CONDITIONAL.has(method) ? requestFor('GET', representationOf(method, url), key).path : null;
      const shown = representation ? await send(api, 'GET', representation, undefined) : null;
      if (shown) {
        const tag = shown.headers.etag as string;
        expect(tag, `${key}: the ETag of ${representation}`).toMatch(/^"[\w-]+\.[\w-]+"$/);
        const before = await eventCount(pitwall);
        const refused = await send(api, method, path, body, { 'if-match': staleOf(tag) });
        expect([refused.statusCode, refused.body, refused.headers.etag], `${key} with a stale If-Match`).toEqual([412, shown.body, tag]);
        expect(await eventCount(pitwall), `${key} with a stale If-Match appends nothing`).toBe(before);
        headers!['if-match'] = tag;
      }
      const res = await send(api, method, path, body, headers);
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(300);
      if (method === 'GET' && WITHOUT_ETAG.has(key)) expect(res.headers.etag, key).toBeUndefined();
      else if (method === 'GET') {
        const tag = res.headers.etag as string;
        expect(tag, `${key}: ETag`).toMatch(/^"[\w-]+\.[\w-]+"$/);
        expect((await send(api, 'GET', path, undefined, { 'if-none-match': tag })).statusCode, `${key} with If-None-Match`).toBe(304);
      }
      if (shown) {
        const after = await send(api, 'GET', representation!, undefined);
        if (after.statusCode === 200) expect(after.headers.etag, `${key} changes the ETag of ${representation}`).not.toBe(shown.headers.etag);
        // A one-stream resource's change answering 200 carries its new ETag (a list member's change answers the item, without one).
        if (res.statusCode === 200 && /\.\d+"$/.test(shown.headers.etag as string)) expect(res.headers.etag, `${key} answers the new ETag`).toBe(after.headers.etag);
        else expect(res.headers.etag, `${key} answers no ETag`).toBeUndefined();
      }
      if (!headers) continue;
      const before = await eventCount(pitwall);
      const repeat = await send(api, method, path, body, headers);
      expect([repeat.statusCode, repeat.body, repeat.headers['idempotent-replayed']], `${key} repeated`).toEqual([res.statusCode, res.body, 'true']);
      expect(await eventCount(pitwall), `${key} repeated appends nothing`).toBe(before);
    }
  });
});
