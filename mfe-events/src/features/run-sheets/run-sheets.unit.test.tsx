import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamSettings, TireSet } from '@pitwall/contracts';
import { invalidateChange } from '@pitwall/kit';
import { callsTo, json, stubFetch, type StubHandler } from '@pitwall/kit/test';
import { AL_KAMEL_RACE, makeRaceEvent, makeSession, raceEventGets, renderRemote } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const laguna = makeRaceEvent();

/** The GETs of the race event's Sessions tab with one session, in the team's `units`, plus `extra`. */
function routes(units: Pick<TeamSettings, 'pressureUnit' | 'temperatureUnit'>, extra: Record<string, StubHandler> = {}): Record<string, StubHandler> {
  return {
    ...raceEventGets(laguna),
    'GET /api/cars/7/gear-ratios?eventId=3': () => json([]),
    'GET /api/cars/7/suspension?eventId=3': () => json(null),
    'GET /api/cars/7/tire-pressures?eventId=3': () => json({ items: [], notes: null }),
    'GET /api/cars/7/images': () => json([]),
    'GET /api/teams/1/settings': () => json({ teamId: 1, ...units }),
    'GET /api/teams/1/members': () => json([]),
    'GET /api/cars/7/events/3/sessions': () => json([makeSession()]),
    [`GET /api/cars/7/tracks/sessions?location=${encodeURIComponent(laguna.location)}`]: () => json([{ ...makeSession(), eventName: laguna.name, eventDate: laguna.date }]),
    'GET /api/cars/7/events/3/sessions/21/changes': () => json({ previous: null, entries: [] }),
    'GET /api/cars/7/events/3/change-effects': () => json([]),
    'GET /api/cars/7/events/3/sessions/21/setup': () => json({ message: 'not needed here' }, 404),
    ...extra,
  };
}

/**
 * Opens session 21's run sheet (no hot pressures yet) and answers its Hot Front Left field and
 * `teammateSavesHotPressures()`: a teammate's save of 34.6 psi front left, announced the way the
 * live connection announces it.
 */
async function openRunSheetBeforeTeammateSaves() {
  let saved = makeSession();
  stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, { 'GET /api/cars/7/events/3/sessions': () => json([saved]) }));
  const { queryClient } = renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
  const hotFrontLeft = await screen.findByLabelText('Hot Front Left');
  return {
    hotFrontLeft,
    async teammateSavesHotPressures() {
      saved = makeSession({ tirePressures: { cold: saved.tirePressures.cold, hot: { fl: 34.6, fr: 34.5, rl: 33, rr: 33 } } });
      await invalidateChange(queryClient, 'SessionTirePressuresSet', { teamId: 1, carId: 7, raceEventId: 3, sessionId: 21 });
    },
  };
}

describe("the race event's Sessions tab", () => {
  it('shows a card per session with best lap, timed laps, driver and conditions in the team units', async () => {
    stubFetch(routes({ pressureUnit: 'bar', temperatureUnit: 'F' }));
    renderRemote('/car/7/events?eventId=3&tab=sessions');
    const card = await screen.findByRole('button', { name: /^Open ?FP1/ });
    expect(card).toHaveTextContent('1:45.533');
    expect(card).toHaveTextContent('Timed laps 2');
    expect(card).toHaveTextContent('Aiko Tanaka');
    expect(card).toHaveTextContent('Air 57.2 °F · Track 69.8 °F · Sunny');
    const ranking = await screen.findByRole('list', { name: /best lap first/ });
    expect(within(ranking).getAllByRole('listitem')).toHaveLength(1);
  });

  it('previews a pasted export naming the unreadable line, fills the laps, and saves them all', async () => {
    const saved = makeSession();
    const mock = stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, { 'PUT /api/cars/7/events/3/sessions/21/laps': () => json(saved) }));
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    await userEvent.click(await screen.findByRole('button', { name: 'Import Lap Times' }));
    // The import loads when first opened.
    await userEvent.click(await screen.findByLabelText('Paste lap times'));
    await userEvent.paste('1 1:44.9\n2 1:4x.1\n3 104.5 in');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview of the imported lap times' }, { timeout: 5000 });
    expect(preview).toHaveTextContent('Read as: Table of laps');
    expect(within(preview).getByRole('alert')).toHaveTextContent("Line 2: '2 1:4x.1'");
    await userEvent.click(screen.getByRole('button', { name: 'Use These Laps' }));
    expect(screen.getByLabelText('Lap 2 time')).toHaveValue('1:44.500');
    expect(screen.getByLabelText('Lap 2 kind')).toHaveValue('in');
    expect(screen.queryByLabelText('Lap 3 time')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Lap Times' }));
    await waitFor(() => expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/laps')).toEqual([{ laps: [{ kind: 'timed', sectorsMs: [], driverName: null, lapTimeMs: 104_900 }, { kind: 'in', sectorsMs: [], driverName: null, lapTimeMs: 104_500 }] }]));
  });

  it("imports an Al Kamel file of several cars: asks our car number (remembered for the car), reads its laps with sectors and drivers matched to members, flags a lap too fast for the track, and saves what the user confirms", async () => {
    localStorage.clear();
    const members = [{ id: 2, teamId: 1, userId: 'u2', username: 'aiko', role: 'driver', memberColor: '#16a34a', displayName: 'Aiko Tanaka', joinedAt: '2026-01-01T00:00:00.000Z', isActive: true }];
    const mock = stubFetch(
      routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, {
        'GET /api/teams/1/members': () => json(members),
        'GET /api/cars/7/events/3/sessions': () => json([makeSession({ laps: [] })]),
        'PUT /api/cars/7/events/3/sessions/21/laps': () => json(makeSession()),
        'PUT /api/cars/7/events/3/sessions/21/stints': () => json(makeSession()),
      }),
    );
    const file = [
      ' NUMBER; DRIVER_NUMBER; LAP_NUMBER; LAP_TIME; CROSSING_FINISH_LINE_IN_PIT; S1; S2; S3; DRIVER_NAME; PIT_TIME;',
      '27;1;1;1:49.870;;36.431;35.907;37.532;Aiko TANAKA;;',
      '5;1;1;1:50.100;;36.500;36.000;37.600;Lena BERG;;',
      '27;1;2;0:00:19.900;;6.000;6.900;7.000;Aiko TANAKA;;',
    ].join('\n');
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    await userEvent.click(await screen.findByRole('button', { name: 'Import Lap Times' }));
    await userEvent.upload(screen.getByLabelText('Import file'), new File([file], 'analysis.csv', { type: 'text/csv' }));
    const preview = await screen.findByRole('region', { name: 'Preview of the imported lap times' }, { timeout: 5000 });
    expect(preview).toHaveTextContent("Read as: Al Kamel 'Analysis' CSV");
    await userEvent.selectOptions(within(preview).getByLabelText('Our car number'), '27');
    const laps = await within(preview).findByRole('list', { name: 'Laps read' }, { timeout: 5000 });
    expect(within(laps).getAllByRole('listitem')).toHaveLength(2);
    expect(laps).toHaveTextContent('S1 36.431 · S2 35.907 · S3 37.532 · Aiko Tanaka');
    // 19.9 s over Laguna Seca's 3.602 km: flagged and Invalid until the user says otherwise.
    expect(laps).toHaveTextContent(/Flagged: 0:19\.900 over 3\.602 km is an average of 652 km\/h/);
    expect(within(laps).getByLabelText('Imported lap 2 kind')).toHaveValue('invalid');
    expect(localStorage.getItem('pitwall:timing-car-number:7')).toBe('27');
    await userEvent.click(within(preview).getByRole('button', { name: 'Use These Laps' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Lap Times' }));
    await waitFor(() => expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/laps')).toEqual([{ laps: [
      { kind: 'timed', sectorsMs: [36_431, 35_907, 37_532], driverName: 'Aiko TANAKA', lapTimeMs: 109_870 },
      { kind: 'invalid', sectorsMs: [6_000, 6_900, 7_000], driverName: 'Aiko TANAKA', lapTimeMs: 19_900 },
    ] }]));
  });

  it("saves a timing file's stints with its laps: a stint per driver spell between stops, the sheet's pit time as the stop, a driver of another name chosen as a member, asking before it replaces stints entered", async () => {
    localStorage.clear();
    const member = (id: number, username: string, displayName: string) => ({ id, teamId: 1, userId: `u${id}`, username, role: 'driver', memberColor: '#16a34a', displayName, joinedAt: '2026-01-01T00:00:00.000Z', isActive: true });
    const entered = [{ driverMemberId: 2, fromLap: 1, toLap: 4, fuelAddedLitres: 0, pitStopMs: 0, tireSetId: null, notes: null }];
    const mock = stubFetch(
      routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, {
        'GET /api/teams/1/members': () => json([member(2, 'aiko', 'Aiko Tanaka'), member(3, 'ben', 'Ben Okafor'), member(4, 'lena', 'Lena Berg-Holm')]),
        'GET /api/cars/7/events/3/sessions': () => json([makeSession({ type: 'race', laps: [], stints: entered })]),
        'PUT /api/cars/7/events/3/sessions/21/laps': () => json(makeSession()),
        'PUT /api/cars/7/events/3/sessions/21/stints': () => json(makeSession()),
      }),
    );
    // An Al Kamel race of one car: Aiko stops after lap 2 and goes on (a double stint), Ben takes over after lap 4; Lena, whose name the sheet writes otherwise, after lap 5.
    const file = AL_KAMEL_RACE.join('\n');
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    await userEvent.click(await screen.findByRole('button', { name: 'Import Lap Times' }));
    await userEvent.upload(await screen.findByLabelText('Import file'), new File([file], 'race.csv', { type: 'text/csv' }));
    const preview = await screen.findByRole('region', { name: 'Preview of the imported lap times' }, { timeout: 5000 });
    const unmatched = within(preview).getByRole('group', { name: 'Drivers without a team member' });
    const lena = within(unmatched).getByLabelText("Driver 'Lena BERG'");
    expect(within(lena).getAllByRole('option').map((o) => o.textContent)).toEqual(['No member: laps join the stint before', 'Aiko Tanaka', 'Ben Okafor', 'Lena Berg-Holm']);
    await userEvent.selectOptions(lena, '4');
    await userEvent.click(within(preview).getByRole('button', { name: 'Use These Laps' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Lap Times' }));
    const replace = await screen.findByRole('alertdialog', { name: 'Replace the stints?' });
    expect(replace).toHaveTextContent('This session has 1 stint entered. The timing file gives 4');
    expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/stints')).toEqual([]);
    await userEvent.click(within(replace).getByRole('button', { name: "Use the file's stints" }));
    await waitFor(() => expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/stints')).toEqual([{ stints: [
      { driverMemberId: 2, fromLap: 1, toLap: 2, fuelAddedLitres: 0, pitStopMs: 0, tireSetId: null, notes: null },
      { driverMemberId: 2, fromLap: 3, toLap: 4, fuelAddedLitres: null, pitStopMs: 62_418, tireSetId: null, notes: null },
      { driverMemberId: 3, fromLap: 5, toLap: 5, fuelAddedLitres: null, pitStopMs: 71_002, tireSetId: null, notes: null },
      { driverMemberId: 4, fromLap: 6, toLap: 6, fuelAddedLitres: null, pitStopMs: 0, tireSetId: null, notes: null },
    ] }]));
    expect((callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/laps')[0] as { laps: unknown[] }).laps[5]).toMatchObject({ driverName: 'Lena Berg-Holm' });
    expect(await screen.findByText('Lap times saved, with 4 stints from the timing file')).toBeInTheDocument();
  });

  it('downloads the run sheet\'s laps as CSV, one row per lap with its time, kind and stint', async () => {
    const session = makeSession({ stints: [{ driverMemberId: 2, fromLap: 1, toLap: 3, fuelAddedLitres: 0, pitStopMs: 0, tireSetId: null, notes: null }] });
    stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, { 'GET /api/cars/7/events/3/sessions': () => json([session]), 'GET /api/teams/1/members': () => json([{ id: 2, teamId: 1, userId: 'u2', username: 'aiko', role: 'driver', memberColor: '#16a34a', displayName: 'Aiko Tanaka', joinedAt: '2026-01-01T00:00:00.000Z', isActive: true }]) }));
    const blobs: Blob[] = [];
    const downloads: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), `blob:${blobs.length}`), revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    await userEvent.click(await screen.findByText('More'));
    await userEvent.click(await screen.findByRole('button', { name: 'Download Laps (CSV)' }));
    expect(downloads).toEqual(['FP1-laps.csv']);
    expect(await blobs[0]!.text()).toBe('lap,time,lap_time_ms,driver,kind,stint\r\n1,1:58.331,118331,Aiko Tanaka,out,1\r\n2,1:46.567,106567,Aiko Tanaka,timed,1\r\n3,1:45.533,105533,Aiko Tanaka,timed,1\r\n');
  });

  it('answers a photo picked by mistake with one sentence and no preview', async () => {
    stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }));
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    await userEvent.click(await screen.findByRole('button', { name: 'Import Lap Times' }));
    await userEvent.upload(screen.getByLabelText('Import file'), new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], 'IMG_2041.png', { type: 'image/png' }));
    expect(await screen.findByText(/^This is a PNG image, not a lap time export: /, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Preview of the imported lap times' })).not.toBeInTheDocument();
  });

  it('shows a race of 130 laps as a line per stint, opens one on demand, and asks before removing a lap', async () => {
    const laps = Array.from({ length: 130 }, (_, i) => ({ lapNumber: i + 1, time: '2:18.000', lapTimeMs: 138_000 + (i === 30 ? -512 : i), kind: (i === 0 ? 'out' : 'timed') as 'out' | 'timed', sectorsMs: [], driverName: null }));
    const stints = [
      { driverMemberId: 2, fromLap: 1, toLap: 22, fuelAddedLitres: 0, pitStopMs: 0, tireSetId: null, notes: null },
      { driverMemberId: 4, fromLap: 23, toLap: 130, fuelAddedLitres: 60, pitStopMs: 61_000, tireSetId: null, notes: null },
    ];
    const race = makeSession({ type: 'race', name: 'Race', laps, stints, timedLapCount: 129 });
    const member = (id: number, displayName: string) => ({ id, teamId: 1, userId: String(id), username: null, role: 'driver' as const, memberColor: '#0066cc', displayName, joinedAt: '2026-01-01T00:00:00.000Z', isActive: true, awaitsPassword: false });
    stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, {
      'GET /api/cars/7/events/3/sessions': () => json([race]),
      'GET /api/teams/1/members': () => json([member(2, 'Aiko Tanaka'), member(4, 'Marco Rossi')]),
    }));
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    const groups = await screen.findByRole('list', { name: 'Laps by stint' });
    // The stints' laps in lines, a long stint split in fifties (drivers named once the members answer); no lap field until one is opened.
    await waitFor(() => expect(within(groups).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Laps 1–22 · 22 laps · best 2:18.001 · Aiko TanakaShow laps 1–22',
      'Laps 23–72 · 50 laps · best 2:17.488 · Marco RossiShow laps 23–72',
      'Laps 73–122 · 50 laps · best 2:18.072 · Marco RossiShow laps 73–122',
      'Laps 123–130 · 8 laps · best 2:18.122 · Marco RossiShow laps 123–130',
    ]));
    expect(screen.queryByLabelText('Lap 31 time')).not.toBeInTheDocument();
    // The pressures come before the laps in a race.
    const pressures = screen.getByLabelText('Hot Front Left');
    expect(pressures.compareDocumentPosition(groups) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show laps 23–72' }));
    expect(screen.getByLabelText('Lap 31 time')).toHaveValue('2:18.000');
    expect(screen.queryByLabelText('Lap 80 time')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove lap 31' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove lap 31?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Lap 31 time')).toBeInTheDocument();
    expect(screen.getByLabelText('Lap 72 time')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove lap 31' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Remove lap 31?' })).getByRole('button', { name: 'Remove' }));
    // 129 laps now: the groups follow the list as it is (the stints are the saved laps', so plain fifties).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show laps 101–129' })).toBeInTheDocument());
  });

  it('refuses an unreadable lap time in the form, naming it, without a request', async () => {
    const mock = stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }));
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    const time = await screen.findByLabelText('Lap 2 time');
    await userEvent.clear(time);
    await userEvent.type(time, '1:4');
    await userEvent.click(screen.getByRole('button', { name: 'Save Lap Times' }));
    expect(await screen.findByText(/'1:4' is not a lap time/)).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/laps')).toEqual([]);
  });

  it('shows tire pressures in bar and sends them in psi (unchanged fields keep their stored psi)', async () => {
    const mock = stubFetch(routes({ pressureUnit: 'bar', temperatureUnit: 'C' }, { 'PUT /api/cars/7/events/3/sessions/21/tire-pressures': () => json(makeSession()) }));
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    expect(await screen.findByLabelText('Cold Front Left')).toHaveValue('1.93');
    for (const corner of ['Hot Front Left', 'Hot Front Right', 'Hot Rear Left', 'Hot Rear Right']) await userEvent.type(screen.getByLabelText(corner), '2.3');
    await userEvent.click(screen.getByRole('button', { name: 'Save Tire Pressures' }));
    await waitFor(() => expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/tire-pressures')).toHaveLength(1));
    const [body] = callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/tire-pressures') as { cold: { fl: number; tempC: number }; hot: { fl: number } }[];
    expect(body!.cold).toEqual({ fl: 28, fr: 28, rl: 27, rr: 27, tempC: 14 });
    expect(body!.hot.fl).toBe(33.36);
  });
});

describe("the pit-wall minute: 'Next session' and a run sheet on a phone", () => {
  const members = [
    { id: 1, teamId: 1, userId: 'u1', username: 'marco', role: 'owner', memberColor: '#0066cc', displayName: 'Marco Rossi', joinedAt: '2026-01-01T00:00:00.000Z', isActive: true },
    { id: 2, teamId: 1, userId: 'u2', username: 'aiko', role: 'driver', memberColor: '#16a34a', displayName: 'Aiko Tanaka', joinedAt: '2026-01-01T00:00:00.000Z', isActive: true },
  ];

  it("'Next session' on FP1's card opens FP2 with FP1's driver, conditions, tire set and cold pressures, each marked 'from FP1', and adds it with them", async () => {
    const mock = stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, { 'GET /api/teams/1/members': () => json(members), 'POST /api/cars/7/events/3/sessions': () => json(makeSession({ id: 22, name: 'FP2' }), 201) }));
    renderRemote('/car/7/events?eventId=3&tab=sessions');
    await userEvent.click(await screen.findByRole('button', { name: /^Next session ?after FP1$/ }));
    const add = within(await screen.findByRole('form', { name: 'Add Session' }));
    expect(add.getByLabelText('Session name')).toHaveValue('FP2');
    expect(add.getByLabelText('Driver')).toHaveValue('2');
    expect(add.getByLabelText('Air temperature')).toHaveValue('14');
    expect(add.getByLabelText('Tire set')).toHaveValue('Set 2');
    expect(add.getByLabelText('Cold Front Left')).toHaveValue('28');
    expect(add.getByLabelText('Cold Front Left')).toHaveAccessibleDescription(expect.stringContaining('from FP1'));
    expect(add.getAllByText('from FP1')).toHaveLength(10);
    await userEvent.click(add.getByRole('button', { name: 'Add Session' }));
    await waitFor(() => expect(callsTo(mock, 'POST', '/api/cars/7/events/3/sessions')).toHaveLength(1));
    expect(callsTo(mock, 'POST', '/api/cars/7/events/3/sessions')[0]).toMatchObject({ name: 'FP2', type: 'practice', driverMemberId: 2, airTempC: 14, trackTempC: 21, weather: 'Sunny', tireSet: 'Set 2', cold: { fl: 28, fr: 28, rl: 27, rr: 27, tempC: 14 } });
  });

  it("drops a carried value's 'from FP1' mark once the value is changed", async () => {
    stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, { 'GET /api/teams/1/members': () => json(members) }));
    renderRemote('/car/7/events?eventId=3&tab=sessions');
    await userEvent.click(await screen.findByRole('button', { name: /^Next session ?after FP1$/ }));
    const add = within(await screen.findByRole('form', { name: 'Add Session' }));
    await userEvent.type(add.getByLabelText('Air temperature'), '19');
    expect(add.getByLabelText('Air temperature')).not.toHaveAccessibleDescription(expect.stringContaining('from FP1'));
    expect(add.getByLabelText('Track temperature')).toHaveAccessibleDescription(expect.stringContaining('from FP1'));
  });

  it('offers the drivers first in the Driver list', async () => {
    stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, { 'GET /api/teams/1/members': () => json(members) }));
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=new');
    const driver = await screen.findByLabelText('Driver');
    expect(within(driver).getAllByRole('option').map((o) => o.textContent)).toEqual(['No driver named', 'Aiko Tanaka', 'Marco Rossi']);
  });

  it("shows the lap time hint as a phone's decimal keypad can type it", async () => {
    stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }));
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    expect(await screen.findByLabelText('Lap 1 time')).toHaveAttribute('placeholder', '1.42.318');
  });

  it("keeps 'Delete Session' in the 'More' menu, asking before it deletes", async () => {
    const mock = stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, { 'DELETE /api/cars/7/events/3/sessions/21': () => new Response(null, { status: 204 }) }));
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    const more = await screen.findByText('More');
    expect(screen.getByRole('button', { name: 'Delete Session' })).not.toBeVisible();
    await userEvent.click(more);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Session' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete FP1?' }, { timeout: 5000 })).toBeInTheDocument();
    expect(callsTo(mock, 'DELETE', '/api/cars/7/events/3/sessions/21')).toEqual([]);
  });
});

describe("'Suggest cold pressures'", () => {
  const reference = { sessionId: 21, coldPsi: 26, coldTempC: 18, hotPsi: 31.2 };
  const answer = {
    corners: {
      fl: { coldPsi: 25.75, targetHotPsi: 30, reference },
      fr: { coldPsi: 25.75, targetHotPsi: 30, reference },
      rl: { coldPsi: 25.75, targetHotPsi: 30, reference },
      rr: null,
    },
    explanation: [
      'Working from FP1 of Spring Sprint Round 1 (2026-03-21), the latest session at WeatherTech Raceway Laguna Seca with cold and hot pressures.',
      'FL: last run here set 26.0 psi at 18 °C, came in at 31.2 psi; target 30.0 psi; now 24 °C → set 25.8 psi',
      'RR: no target hot pressure set for this car, so nothing is proposed',
    ],
    references: [{ sessionId: 21, sessionName: 'FP1', raceEventId: 3, raceEventName: 'Spring Sprint Round 1', location: laguna.location, startedAt: '2026-03-21T09:10:00.000Z', atThisTrack: true }],
  };

  it("asks in the team's units, explains each corner in them, and 'Use these' adds the next session with those cold pressures", async () => {
    const created = makeSession({ id: 22, name: 'FP2' });
    const mock = stubFetch(
      routes({ pressureUnit: 'bar', temperatureUnit: 'F' }, {
        'GET /api/cars/7/events/3/tire-pressure-suggestion?ambientC=24': () => json(answer),
        'POST /api/cars/7/events/3/sessions': () => json(created, 201),
      }),
    );
    renderRemote('/car/7/events?eventId=3&tab=sessions');
    await userEvent.click(await screen.findByRole('button', { name: 'Suggest cold pressures' }));
    const form = within(await screen.findByRole('form', { name: 'Suggest cold pressures' }));
    // Prefilled with the last air temperature of the race event (14 °C), in °F.
    expect(form.getByLabelText('Air temperature now')).toHaveValue('57.2');
    await userEvent.clear(form.getByLabelText('Air temperature now'));
    await userEvent.click(form.getByRole('button', { name: 'Suggest' }));
    expect(form.getByText('Enter the temperature now')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Air temperature now'), '75.2');
    await userEvent.click(form.getByRole('button', { name: 'Suggest' }));

    const proposals = await screen.findByRole('list', { name: 'Proposed cold pressures' });
    const fl = within(proposals).getAllByRole('listitem')[0]!;
    expect(fl).toHaveTextContent('Front Left1.78 bar');
    expect(fl).toHaveTextContent('FL: last run here set 1.79 bar at 64.4 °F, came in at 2.15 bar; target 2.07 bar; now 75.2 °F → set 1.78 bar');
    expect(within(proposals).getAllByRole('listitem')[3]).toHaveTextContent('RR: no target hot pressure set for this car, so nothing is proposed');
    expect(screen.getByText(/^Working from FP1 of Spring Sprint Round 1/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Reference session')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Use these' }));
    const add = within(await screen.findByRole('form', { name: 'Add Session' }));
    expect(add.getByLabelText('Cold Front Left')).toHaveValue('1.78');
    expect(add.getByLabelText('Cold Rear Right')).toHaveValue('');
    expect(add.getByLabelText('Temperature when set')).toHaveValue('75.2');
    // The session after the latest one (FP1).
    expect(add.getByLabelText('Session name')).toHaveValue('FP2');
    await userEvent.click(add.getByRole('button', { name: 'Add Session' }));
    // The corner without a proposal must be filled in, or all cleared.
    expect(await add.findByText('Enter all four corners and the temperature, or none')).toBeInTheDocument();
    expect(callsTo(mock, 'POST', '/api/cars/7/events/3/sessions')).toEqual([]);
    await userEvent.type(add.getByLabelText('Cold Rear Right'), '1.8');
    await userEvent.click(add.getByRole('button', { name: 'Add Session' }));
    await waitFor(() => expect(callsTo(mock, 'POST', '/api/cars/7/events/3/sessions')).toHaveLength(1));
    expect(callsTo(mock, 'POST', '/api/cars/7/events/3/sessions')[0]).toMatchObject({ name: 'FP2', cold: { fl: 25.82, fr: 25.82, rl: 25.82, rr: 26.11, tempC: 24 } });
  });

  it("shows a teammate's hot pressures in the open run sheet as soon as their change is heard", async () => {
    const { hotFrontLeft, teammateSavesHotPressures } = await openRunSheetBeforeTeammateSaves();
    expect(hotFrontLeft).toHaveValue('');
    await teammateSavesHotPressures();
    await waitFor(() => expect(screen.getByLabelText('Hot Front Left')).toHaveValue('34.6'));
  });

  it('keeps what the user typed in the run sheet when a teammate saves the same session', async () => {
    const { hotFrontLeft, teammateSavesHotPressures } = await openRunSheetBeforeTeammateSaves();
    await userEvent.type(hotFrontLeft, '35');
    await teammateSavesHotPressures();
    expect(screen.getByLabelText('Hot Front Left')).toHaveValue('35');
  });

  it("shows beside the hot pressure field what a teammate saved while the user was typing there", async () => {
    const { hotFrontLeft, teammateSavesHotPressures } = await openRunSheetBeforeTeammateSaves();
    await userEvent.type(hotFrontLeft, '35');
    await teammateSavesHotPressures();
    expect(await screen.findByText(/^A teammate set 34\.6 at \d{2}:\d{2}; was empty$/)).toBeInTheDocument();
  });

  it("shows no note beside a pressure the user saved themselves (the form follows the session again)", async () => {
    let saved = makeSession();
    const mock = stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, {
      'GET /api/cars/7/events/3/sessions': () => json([saved]),
      'PUT /api/cars/7/events/3/sessions/21/tire-pressures': () => {
        saved = makeSession({ tirePressures: { cold: saved.tirePressures.cold, hot: { fl: 35, fr: 34.5, rl: 33, rr: 33 } } });
        return json(saved);
      },
    }));
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    for (const [label, value] of [['Hot Front Left', '35'], ['Hot Front Right', '34.5'], ['Hot Rear Left', '33'], ['Hot Rear Right', '33']] as const) {
      await userEvent.type(await screen.findByLabelText(label), value);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save Tire Pressures' }));
    expect(await screen.findByText('Tire pressures saved')).toBeInTheDocument();
    // The save's answer is the session as stored: the list holds it once saved, without fetching it (or the race event's view, which brought it) again.
    expect([callsTo(mock, 'GET', '/api/cars/7/events/3/view'), callsTo(mock, 'GET', '/api/cars/7/events/3/sessions')].map((calls) => calls.length)).toEqual([1, 0]);
    expect(screen.queryByText(/ set 35 at /)).toBeNull();
    expect(screen.getByLabelText('Hot Front Left')).toHaveValue('35');
  });
});

describe('the tire set of a session', () => {
  const tireSet = (id: number, name: string, carId: number | null, condition: TireSet['condition'] = 'scrubbed'): TireSet => ({
    id, teamId: 1, name, manufacturer: null, compound: null, size: null, dotCodes: { fl: null, fr: null, rl: null, rr: null }, condition, treadNewMm: null, treadMinimumMm: null,
    carId, notes: null, earlierHeatCycles: 0, earlierLaps: 0, barcode: null, heatCycles: 2, laps: 24, km: 76.8, hours: 0.7, sessions: [], lastUsedAt: null, wearPercent: null, wearByCorner: { fl: null, fr: null, rl: null, rr: null },
    wearPerLap: null, lapsLeft: null, createdAt: '2026-03-01T08:00:00.000Z',
  });
  const sets = [tireSet(1, 'Set 1', null), tireSet(2, 'Set 2', 8), tireSet(3, 'Set 3', 7, 'scrapped'), tireSet(5, 'Set 5', 7)];

  it("offers on Add Session the team's sets that are not scrapped, the car's own first, and sends the one chosen", async () => {
    const mock = stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, { 'GET /api/teams/1/tire-sets': () => json(sets), 'POST /api/cars/7/events/3/sessions': () => json(makeSession({ id: 22, name: 'FP2', tireSetId: 5 }), 201) }));
    renderRemote('/car/7/events?eventId=3&tab=sessions');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Session' }));
    const add = within(screen.getByRole('form', { name: 'Add Session' }));
    const picker = add.getByLabelText('Set from Tires');
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'No set', 'Set 5 (on this car, 2 heat cycles)', 'Set 1 (in the store, 2 heat cycles)', 'Set 2 (on another car, 2 heat cycles)',
    ]));
    await userEvent.selectOptions(picker, 'Set 5 (on this car, 2 heat cycles)');
    expect(add.getByLabelText('Session name')).toHaveValue('FP2');
    await userEvent.click(add.getByRole('button', { name: 'Add Session' }));
    await waitFor(() => expect(callsTo(mock, 'POST', '/api/cars/7/events/3/sessions')).toHaveLength(1));
    expect(callsTo(mock, 'POST', '/api/cars/7/events/3/sessions')[0]).toMatchObject({ name: 'FP2', tireSetId: 5 });
  });

  it("shows the set's name on the session card", async () => {
    stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, { 'GET /api/teams/1/tire-sets': () => json(sets), 'GET /api/cars/7/events/3/sessions': () => json([makeSession({ tireSetId: 5 })]) }));
    renderRemote('/car/7/events?eventId=3&tab=sessions');
    const card = await screen.findByRole('button', { name: /^Open ?FP1/ });
    await waitFor(() => expect(card).toHaveTextContent('Tires: Set 5'));
  });
});
