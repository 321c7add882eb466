import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import type { HistoryEntry, SetupComparison, SetupSnapshot, SetupValues, SuspensionField } from '@pitwall/contracts';
import { blankSetupSheet, nestSetupSheet } from '@pitwall/contracts/values';
import { json, makeSetupSheet, screenView } from '@pitwall/kit/test';
import { buildSetupSheet, setupSheetRows } from './lib/setup-sheet';
import { makeCar, makeRaceEvent, renderRemote, user } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

type Handler = (url: URL) => Response;

/** Stubs fetch with [method, path regexp, handler] routes matched against path + query (a screen's view made of them); answers 404 otherwise. */
function stubApi(routes: [string, RegExp, Handler][]) {
  const answer = async (method: string, url: URL): Promise<Response> => {
    const route = routes.find(([m, pattern]) => m === method && pattern.test(`${url.pathname}${url.search}`));
    if (route) return route[2](url);
    const view = method === 'GET' ? await screenView(url.pathname, (part) => answer('GET', new URL(part, 'http://localhost'))) : undefined;
    return view ?? json({ message: `Not stubbed: ${method} ${url.pathname}${url.search}` }, 404);
  };
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => answer(init?.method ?? 'GET', new URL(String(input), 'http://localhost')));
  vi.stubGlobal('fetch', mock);
  return mock;
}

const laguna = makeRaceEvent({ finalDriveRatio: '2.866', finalDriveNotes: 'Shorter for the corkscrew' });
const sonoma = makeRaceEvent({ id: 4, name: 'Summer Enduro', location: 'Sonoma Raceway', date: '2026-06-13T00:00:00.000Z' });

/** The GETs of a race event's detail view, plus `extra` routes. */
function detailRoutes(extra: [string, RegExp, Handler][]): [string, RegExp, Handler][] {
  return [
    ...extra,
    ['GET', /^\/api\/auth\/user$/, () => json(user)],
    ['GET', /^\/api\/cars$/, () => json([makeCar()])],
    ['GET', /^\/api\/cars\/7$/, () => json(makeCar({ lastEngineOilChange: '2026-02-14' }))],
    ['GET', /^\/api\/cars\/7\/events$/, () => json([laguna, sonoma])],
    ['GET', /^\/api\/cars\/7\/events\/3$/, () => json(laguna)],
    ['GET', /^\/api\/cars\/7\/events\/3\/(issues|carried-over)$/, () => json([])],
    ['GET', /^\/api\/cars\/7\/gear-ratios\?eventId=3$/, () => json([])],
    ['GET', /^\/api\/cars\/7\/suspension\?eventId=3$/, () => json(null)],
    ['GET', /^\/api\/cars\/7\/tire-pressures\?eventId=3$/, () => json({ items: [], notes: null })],
    ['GET', /^\/api\/cars\/7\/images$/, () => json([])],
    ['GET', /^\/api\/teams\/1\/settings$/, () => json({ teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr' })],
  ];
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function entry(overrides: Partial<HistoryEntry> & { position: string }): HistoryEntry {
  return {
    at: minutesAgo(3),
    type: 'SuspensionSet',
    section: 'suspension',
    eventId: 3,
    actor: { userId: 2, displayName: 'Marco Rossi', role: 'mechanic', memberColor: '#ff6600' },
    changes: [{ field: 'Front camber', before: '-2.5°', after: '-2.8°' }],
    ...overrides,
  };
}

const NO_GEOMETRY = { rakeMm: null, rakeDeg: null, wheelRate: { front: null, rear: null }, rideFrequencyHz: { front: null, rear: null } };

const SUSPENSION = {
  frontRideHeight: '120mm', frontSpringRate: null, frontDamperSetting: null, frontCamber: '-2.5°', frontToe: null, frontAntiRollBar: null,
  rearRideHeight: null, rearSpringRate: null, rearDamperSetting: null, rearCamber: '-2.0°', rearToe: null, rearAntiRollBar: null, notes: null,
  ownFields: ['frontCamber'] as SuspensionField[],
};

function setup(overrides: Partial<SetupValues> = {}): SetupValues {
  return {
    gearRatios: [
      { name: '1st', ratio: '5.087', speedAtMaxRpm: '58', notes: null, own: false },
      { name: '2nd', ratio: '2.991', speedAtMaxRpm: null, notes: null, own: false },
    ],
    suspension: SUSPENSION,
    tirePressures: { items: [{ condition: 'Dry (Cold)', frontLeft: '28 psi', frontRight: '28 psi', rearLeft: '27 psi', rearRight: '27 psi', own: true }], notes: null },
    cornerWeights: null,
    setupSheet: { ...(nestSetupSheet(blankSetupSheet()) as Omit<SetupValues['setupSheet'], 'ownFields'>), ownFields: [] },
    geometry: NO_GEOMETRY,
    ...overrides,
  };
}

describe("Setup History tab: 'Setup changes'", () => {
  it('shows who (name, role, member colour), when (date-time and relative), the section and each change', async () => {
    const at = minutesAgo(3);
    stubApi(
      detailRoutes([
        ['GET', /^\/api\/cars\/7\/history\?eventId=3&limit=20$/, () =>
          json([
            entry({ position: '20/20', at }),
            entry({
              position: '19/19',
              type: 'GearRatiosSet',
              section: 'gear-ratios',
              actor: { userId: 1, displayName: 'Olivia Owner', role: 'owner', memberColor: '#0066cc' },
              changes: [
                { field: '3rd', before: null, after: '2.035' },
                { field: '6th', before: '0.844', after: null },
              ],
            }),
            entry({ position: '18/18', type: 'IssueRaised', section: 'issues', changes: [{ field: 'Brake pedal goes long', before: null, after: 'raised as open' }] }),
          ]),
        ],
      ]),
    );
    renderRemote('/car/7/events?eventId=3&tab=history');
    expect(await screen.findByRole('tab', { name: 'Setup History', selected: true })).toBeInTheDocument();
    const timeline = await screen.findByRole('list', { name: 'Setup changes, newest first' });
    const items = within(timeline).getAllByRole('listitem', { name: /changed by/ });
    expect(items).toHaveLength(2); // the issue is left to the Issues tab

    const camber = within(timeline).getByRole('listitem', { name: 'Suspension & Alignment changed by Marco Rossi' });
    expect(within(camber).getByText('Marco Rossi')).toBeInTheDocument();
    expect(within(camber).getByText('Mechanic')).toBeInTheDocument();
    expect(within(camber).getByText(format(new Date(at), 'MMM d, yyyy HH:mm'))).toHaveAttribute('datetime', at);
    expect(within(camber).getByText('3 minutes ago')).toBeInTheDocument();
    expect(within(camber).getByText('Front camber: -2.5° → -2.8°')).toBeInTheDocument();
    expect(camber.querySelector('[aria-hidden="true"]')).toHaveStyle({ background: '#ff6600' });

    const gears = within(timeline).getByRole('listitem', { name: 'Gear Ratios changed by Olivia Owner' });
    expect(within(gears).getByText('Owner')).toBeInTheDocument();
    expect(within(gears).getByText('3rd: added 2.035')).toBeInTheDocument();
    expect(within(gears).getByText('6th: removed (0.844)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("pages back with 'Load more' from the last entry's position", async () => {
    const firstPage = Array.from({ length: 20 }, (_, i) => entry({ position: `${100 - i}/${100 - i}`, changes: [{ field: 'Front toe', before: `${i}mm`, after: `${i + 1}mm` }] }));
    const fetchMock = stubApi(
      detailRoutes([
        ['GET', /^\/api\/cars\/7\/history\?eventId=3&limit=20$/, () => json(firstPage)],
        ['GET', /^\/api\/cars\/7\/history\?eventId=3&limit=20&before=81%2F81$/, () =>
          json([entry({ position: '12/12', type: 'TirePressuresSet', section: 'tire-pressures', changes: [{ field: 'Dry (Cold)', before: null, after: 'FL 28 psi, FR 28 psi, RL 27 psi, RR 27 psi' }] })]),
        ],
      ]),
    );
    renderRemote('/car/7/events?eventId=3&tab=history');
    expect(await screen.findByText('Front toe: 0mm → 1mm')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Dry (Cold): added FL 28 psi, FR 28 psi, RL 27 psi, RR 27 psi')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem', { name: /changed by/ })).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('before=81%2F81'))).toBe(true);
  });

  it('says so when the race event has no setup changes yet', async () => {
    stubApi(detailRoutes([['GET', /^\/api\/cars\/7\/history\?eventId=3/, () => json([])]]));
    renderRemote('/car/7/events?eventId=3&tab=history');
    expect(await screen.findByText(/No setup changes for this race event yet\./)).toBeInTheDocument();
  });
});

describe("Setup History tab: 'Compare with…'", () => {
  /** A setup sheet with the FL camber (°) and brake bias (%) recorded; `own`: the paths that are the race event's own. */
  const sheet = (camber: number, own: string[] = []) => ({ ...(nestSetupSheet({ ...blankSetupSheet(), 'corners.fl.camberDeg': camber, 'brakes.biasFrontPercent': 57.5 }) as Omit<SetupValues['setupSheet'], 'ownFields'>), ownFields: own });
  const comparison = (right: string): SetupComparison => ({
    left: { label: 'Spring Sprint Round 1', setup: setup({ setupSheet: sheet(-3.4, ['corners.fl.camberDeg']) }), finalDriveRatio: '2.866' },
    right: { label: right, setup: setup({ suspension: { ...SUSPENSION, frontCamber: '-2.8°' }, setupSheet: sheet(-3.2) }), finalDriveRatio: null },
    differences: [
      { section: 'gear-ratios', field: 'Final Drive ratio', left: '2.866', right: null },
      { section: 'suspension', field: 'Front Camber', left: '-2.5°', right: '-2.8°' },
      { section: 'setup-sheet', field: 'FL camber (°)', left: '-3.4', right: '-3.2' },
    ],
  });

  it("shows both setups side by side with the differing rows marked 'Differs', baseline first, then another race event", async () => {
    const fetchMock = stubApi(
      detailRoutes([
        ['GET', /^\/api\/cars\/7\/history/, () => json([])],
        ['GET', /^\/api\/cars\/7\/setup\?eventId=3$/, () => json({ message: 'The car had no setup recorded at that moment' }, 404)],
        ['GET', /^\/api\/cars\/7\/events\/3\/compare\/baseline$/, () => json(comparison('Baseline'))],
        ['GET', /^\/api\/cars\/7\/events\/3\/compare\/4$/, () => json({ ...comparison('Summer Enduro'), differences: [] })],
      ]),
    );
    renderRemote('/car/7/events?eventId=3&tab=history');
    const card = await screen.findByRole('region', { name: 'Compare with…' });
    const select = within(card).getByLabelText('Compare with');
    expect(select).toHaveDisplayValue('Baseline');
    expect(await within(select).findByRole('option', { name: 'Summer Enduro · Jun 13, 2026' })).toBeInTheDocument();
    expect(within(select).queryByRole('option', { name: /Spring Sprint/ })).not.toBeInTheDocument();

    const table = await within(card).findByRole('table', { name: 'Spring Sprint Round 1 compared with Baseline' });
    expect(within(card).getByText("3 differences, marked 'Differs'.")).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Spring Sprint Round 1' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Baseline' })).toBeInTheDocument();
    const camber = within(table).getByRole('row', { name: /^Front Camber/ });
    expect(within(camber).getByText('Differs')).toBeInTheDocument();
    // Setup inheritance: the race event's own value carries the 'Race event' badge; the baseline side none.
    expect(within(camber).getAllByRole('cell').map((c) => c.textContent)).toEqual(['-2.5° Race event', '-2.8°']);
    expect(within(within(table).getByRole('row', { name: /^Front Ride Height/ })).queryByText('Race event')).not.toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /^Final Drive ratio/ })).getByText('Not set')).toBeInTheDocument();
    expect(within(card).getByText(/Marked 'Race event': set for this race event/)).toBeInTheDocument();
    // The engineer's setup sheet: its recorded fields, named as the compare endpoint names them.
    const sheetCamber = within(table).getByRole('row', { name: /^FL camber \(°\)/ });
    expect(within(sheetCamber).getAllByRole('cell').map((c) => c.textContent)).toEqual(['-3.4 Race event', '-3.2']);
    expect(within(sheetCamber).getByText('Differs')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /^Brake bias/ })).queryByText('Differs')).not.toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /^FR camber/ })).not.toBeInTheDocument();
    const rideHeight = within(table).getByRole('row', { name: /^Front Ride Height/ });
    expect(within(rideHeight).queryByText('Differs')).not.toBeInTheDocument();
    expect(rideHeight).not.toHaveAttribute('data-differs');

    await userEvent.selectOptions(select, 'Summer Enduro · Jun 13, 2026');
    expect(await within(card).findByText('No differences: the two setups are the same.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/cars/7/events/3/compare/4')).toBe(true);
  });
});

describe("Setup History tab: 'As it was at…'", () => {
  const snapshot = (frontCamber: string, raceEvent: SetupSnapshot['raceEvent']): SetupSnapshot => ({
    carId: 7,
    position: '40/40',
    at: '2026-03-20T16:30:00.000Z',
    basic: { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, engine: '2.0L Skyactiv-G', transmission: null, weight: null, power: '181 hp', color: '#c8102e', carClass: 'Other', tuningFileUrl: null,
      wheelbaseMm: null, motionRatio: { front: null, rear: null }, unsprungKg: { fl: null, fr: null, rl: null, rr: null } },
    maintenance: { lastEngineOilChange: '2026-02-14', lastClutchChange: null },
    tirePressureTargets: { front: 34, rear: 33, fl: null, fr: null, rl: null, rr: null },
    setupTargets: { crossPercent: null, frontPercent: null },
    baseline: setup({ suspension: { ...SUSPENSION, frontCamber } }),
    raceEvent,
  });

  it('shows the whole setup at this race event by default, and at the end of a chosen date', async () => {
    const fetchMock = stubApi(
      detailRoutes([
        ['GET', /^\/api\/cars\/7\/history/, () => json([])],
        ['GET', /^\/api\/cars\/7\/events\/3\/compare\/baseline$/, () => json({ left: { label: 'x', setup: setup(), finalDriveRatio: null }, right: { label: 'Baseline', setup: setup(), finalDriveRatio: null }, differences: [] })],
        ['GET', /^\/api\/cars\/7\/setup\?eventId=3$/, () =>
          json(
            snapshot('-2.5°', {
              id: 3, name: 'Spring Sprint Round 1', date: '2026-03-21T00:00:00.000Z', finalDriveRatio: '2.866', finalDriveNotes: 'Shorter for the corkscrew',
              setup: setup({ gearRatios: [], suspension: null, tirePressures: { items: [{ condition: 'Dry (Hot Target)', frontLeft: '32 psi', frontRight: '32 psi', rearLeft: '31 psi', rearRight: '31 psi', own: true }], notes: null } }),
            }),
          ),
        ],
        ['GET', /^\/api\/cars\/7\/setup\?asOf=/, () => json(snapshot('-2.8°', null))],
      ]),
    );
    renderRemote('/car/7/events?eventId=3&tab=history');
    const card = await screen.findByRole('region', { name: 'As it was at…' });
    await waitFor(() => expect(within(card).getByLabelText('As it was at')).toHaveDisplayValue('the last change for Spring Sprint Round 1'));
    expect(await within(card).findByText(/^As it was at the last change for Spring Sprint Round 1 \(Mar 20, 2026 \d\d:30\)$/)).toBeInTheDocument();

    const baseline = await within(card).findByRole('region', { name: 'Baseline setup' });
    const suspension = within(baseline).getByRole('region', { name: 'Suspension & Alignment' });
    expect(within(within(suspension).getByRole('row', { name: /^Camber/ })).getAllByRole('cell').map((c) => c.textContent)).toEqual(['-2.5°', '-2.0°']);
    expect(within(within(baseline).getByRole('region', { name: 'Gear Ratios' })).getByRole('row', { name: /^1st/ })).toHaveTextContent('5.087');
    const basic = within(card).getByRole('region', { name: 'Basic Information' });
    expect(within(basic).getByText('2.0L Skyactiv-G')).toBeInTheDocument();
    const maintenance = within(card).getByRole('region', { name: 'Maintenance' });
    expect(within(maintenance).getByText('Feb 14, 2026')).toBeInTheDocument();
    expect(within(maintenance).getAllByText('Not recorded').length).toBeGreaterThan(0);

    const own = within(card).getByRole('region', { name: 'Spring Sprint Round 1 · Mar 21, 2026' });
    expect(within(own).getByText('2.866')).toBeInTheDocument();
    expect(within(own).getByText('Shorter for the corkscrew')).toBeInTheDocument();
    expect(within(own).getByRole('row', { name: /^Dry \(Hot Target\)/ })).toHaveTextContent('32 psi');
    // Setup inheritance: the race event's section shows its effective setup; its own values carry the 'Race event' badge.
    expect(within(within(own).getByRole('region', { name: 'Suspension & Alignment' })).getByText('Not configured')).toBeInTheDocument();
    expect(within(within(own).getByRole('row', { name: /^Dry \(Hot Target\)/ })).getByText('Race event')).toBeInTheDocument();

    await userEvent.selectOptions(within(card).getByLabelText('As it was at'), 'the end of a date');
    const date = within(card).getByLabelText('Date');
    expect(date).toHaveValue(format(new Date(), 'yyyy-MM-dd'));
    const rebuilt = await within(card).findByRole('region', { name: 'Baseline setup' });
    await waitFor(() => expect(within(within(rebuilt).getByRole('region', { name: 'Suspension & Alignment' })).getByRole('row', { name: /^Camber/ })).toHaveTextContent('-2.8°'));
    expect(within(card).queryByRole('region', { name: /Spring Sprint Round 1 ·/ })).not.toBeInTheDocument();
    const asOf = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).find((u) => u.searchParams.has('asOf'))!;
    // The end of the chosen day in the viewer's time zone.
    expect(new Date(asOf.searchParams.get('asOf')!).getTime()).toBe(new Date(`${format(new Date(), 'yyyy-MM-dd')}T23:59:59.999`).getTime());
  });

  it('says when the car had no setup at the chosen moment', async () => {
    stubApi(
      detailRoutes([
        ['GET', /^\/api\/cars\/7\/history/, () => json([])],
        ['GET', /^\/api\/cars\/7\/events\/3\/compare\/baseline$/, () => json({ left: { label: 'x', setup: setup(), finalDriveRatio: null }, right: { label: 'Baseline', setup: setup(), finalDriveRatio: null }, differences: [] })],
        ['GET', /^\/api\/cars\/7\/setup/, () => json({ message: 'The car had no setup recorded at that moment' }, 404)],
      ]),
    );
    renderRemote('/car/7/events?eventId=3&tab=history');
    expect(await screen.findByText('The car had no setup recorded at that moment.')).toBeInTheDocument();
  });
});

describe('Setup sheet', () => {
  const sheetRoutes = detailRoutes([
    ['GET', /^\/api\/cars\/7\/events\/3\/compare\/baseline$/, () =>
      json({ left: { label: 'Spring Sprint Round 1', setup: setup(), finalDriveRatio: '2.866' }, right: { label: 'Baseline', setup: setup(), finalDriveRatio: null }, differences: [] }),
    ],
  ]);

  it("opens from the race event's 'Setup Sheet' link and lays out the race event's setup", async () => {
    stubApi(detailRoutes([]).concat(sheetRoutes));
    renderRemote('/car/7/events?eventId=3');
    await userEvent.click(await screen.findByRole('link', { name: 'Setup Sheet' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/car/7/events/sheet?eventId=3'));
    const sheet = await screen.findByRole('article', { name: 'Setup sheet' });
    expect(within(sheet).getByRole('heading', { level: 1, name: 'Spring Sprint Round 1' })).toBeInTheDocument();
    expect(within(sheet).getByText(/WeatherTech Raceway Laguna Seca · Mar 21, 2026 · 3\.602 km · Sunny, 19°C/)).toBeInTheDocument();
    expect(within(sheet).getByText('2.866')).toBeInTheDocument();
    expect(within(sheet).getByRole('row', { name: /^1st/ })).toHaveTextContent('5.087');
    expect(within(sheet).getByRole('row', { name: /^Camber/ })).toHaveTextContent('-2.5°');
    expect(within(sheet).getByRole('row', { name: /^Dry \(Cold\)/ })).toHaveTextContent('28 psi');
    expect(within(sheet).getByRole('row', { name: /^Engine Oil Change/ })).toHaveTextContent('Feb 14, 2026');
    expect(document.documentElement).toHaveClass('pw-print-setup-sheet');
  });

  it("prints the corner weights with the cross weight's diagonal, the race event's own corner marked, and the rake", async () => {
    const cornerWeights = {
      fl: 360, fr: 350, rl: 340, rr: 350, driverIn: true, driverKg: 78, fuelLitres: 20, ballastKg: null, ballastPosition: null, notes: null,
      derived: { totalKg: 1400, frontPercent: 50.714, leftPercent: 50, crossPercent: 50.714, wedgeKg: 20, diagonal: 'lf-rr' as const }, ownFields: ['rr' as const],
    };
    const weighed = setup({ cornerWeights, geometry: { ...NO_GEOMETRY, rakeMm: 20 } });
    stubApi(detailRoutes([['GET', /^\/api\/cars\/7\/events\/3\/compare\/baseline$/, () => json({ left: { label: 'x', setup: weighed, finalDriveRatio: null }, right: { label: 'Baseline', setup: setup(), finalDriveRatio: null }, differences: [] })]]));
    renderRemote('/car/7/events/sheet?eventId=3');
    const scales = await screen.findByRole('region', { name: 'Corner Weights' });
    expect(within(scales).getByRole('row', { name: /^Cross weight \(FL \+ RR\)/ })).toHaveTextContent('50.7 %');
    expect(within(scales).getByRole('row', { name: /^RR/ })).toHaveTextContent('350 kg Race event');
    expect(within(scales).getByRole('row', { name: /^Weighed with/ })).toHaveTextContent('Driver in');
    expect(within(screen.getByRole('region', { name: 'Geometry' })).getByRole('row', { name: /^Rake/ })).toHaveTextContent('20 mm');
  });

  it("prints the engineer's setup sheet: the corners' table and the recorded settings, the race event's own marked; the CSV lists every field", async () => {
    const engineerSheet = makeSetupSheet(
      { 'corners.fl.camberDeg': -3.2, 'corners.rr.damper.lowSpeedBump': 4, 'aero.rearWingDeg': 14, notes: 'Soft front for the bumps' },
      { eventId: 3, ownFields: ['aero.rearWingDeg'] },
    );
    const run = setup({ setupSheet: engineerSheet });
    stubApi(detailRoutes([['GET', /^\/api\/cars\/7\/events\/3\/compare\/baseline$/, () => json({ left: { label: 'x', setup: run, finalDriveRatio: null }, right: { label: 'Baseline', setup: setup(), finalDriveRatio: null }, differences: [] })]]));
    renderRemote('/car/7/events/sheet?eventId=3');
    const printed = await screen.findByRole('region', { name: "Engineer's Setup Sheet" });
    expect(within(printed).getByRole('row', { name: /^Camber \(°\)/ })).toHaveTextContent('Camber (°)-3.2———');
    expect(within(printed).getByRole('row', { name: /^Low-speed bump \(clicks\)/ })).toHaveTextContent('———4');
    expect(within(within(printed).getByRole('region', { name: 'Aero' })).getByText('Rear wing (°)').nextSibling).toHaveTextContent('14 Race event');
    expect(within(printed).getByText('Soft front for the bumps')).toBeInTheDocument();

    const rows = setupSheetRows(buildSetupSheet(makeCar(), makeRaceEvent(), run, 'kg'));
    expect(rows.filter(([section]) => section === 'Setup Sheet')).toHaveLength(60);
    expect(rows).toContainEqual(['Setup Sheet', 'FL camber (°)', '-3.2']);
    expect(rows).toContainEqual(['Setup Sheet', 'RR low-speed bump (clicks)', '4']);
    expect(rows).toContainEqual(['Setup Sheet', 'FR camber (°)', null]);
  });

  it('switches the @page size between A4 and Letter, prints, and downloads CSV and JSON', async () => {
    stubApi(sheetRoutes);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const blobs: Blob[] = [];
    const downloads: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), `blob:${blobs.length}`), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { unmount } = renderRemote('/car/7/events/sheet?eventId=3');
    await screen.findByRole('article', { name: 'Setup sheet' });
    const pageRule = () => [...document.querySelectorAll('style')].map((s) => s.textContent).find((t) => t?.includes('@page'));
    expect(screen.getByRole('radio', { name: 'A4' })).toBeChecked();
    expect(pageRule()).toContain('size: A4 portrait');
    await userEvent.click(screen.getByRole('radio', { name: 'Letter' }));
    expect(pageRule()).toContain('size: letter portrait');
    expect(screen.getByTestId('location')).toHaveTextContent('paper=letter');

    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download JSON' }));
    expect(downloads).toEqual(['setup-sheet-mx-5-27-spring-sprint-round-1.csv', 'setup-sheet-mx-5-27-spring-sprint-round-1.json']);
    const csv = await blobs[0]!.text();
    expect(csv.split('\r\n')[0]).toBe('section,field,value');
    expect(csv).toContain('Final Drive,Ratio,2.866\r\n');
    expect(csv).toContain('Suspension & Alignment,Front Camber,-2.5°\r\n');
    expect(csv).toContain('Race Event,Weather,"Sunny, 19°C"\r\n');
    const data = JSON.parse(await blobs[1]!.text());
    expect(data).toMatchObject({ raceEvent: { name: 'Spring Sprint Round 1', date: '2026-03-21' }, finalDrive: { ratio: '2.866' } });
    expect(data.suspension).toContainEqual({ setting: 'Camber', front: '-2.5°', rear: '-2.0°', frontOwn: true, rearOwn: false });
    click.mockRestore();
    unmount();
    expect(document.documentElement).not.toHaveClass('pw-print-setup-sheet');
  });

  it("shows 'Race event not found' for another car's race event", async () => {
    stubApi([
      ['GET', /^\/api\/cars\/7\/events\/99(\/|$)/, () => json({ message: 'Race event not found' }, 404)],
      ...sheetRoutes,
    ]);
    renderRemote('/car/7/events/sheet?eventId=99');
    expect(await screen.findByRole('heading', { name: 'Race event not found' })).toBeInTheDocument();
  });
});
