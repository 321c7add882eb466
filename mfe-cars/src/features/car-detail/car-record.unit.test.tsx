import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format, subDays } from 'date-fns';
import type { ChecklistItem, CornerWeights, GearRatio, SetupTargets, Suspension, TirePressures, TirePressureTargets } from '@pitwall/contracts';
import { callsTo, json, makeSetupSheet, stubFetch, type StubHandler } from '@pitwall/kit/test';
import { makeCar, renderRemote, user } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const MX5_ROWS: [string, string, string, string][] = [
  ['1st', '5.087', '', '7500 rpm, 205/45R17'],
  ['2nd', '2.991', '', ''],
  ['3rd', '2.035', '', ''],
  ['4th', '1.594', '', ''],
  ['5th', '1.286', '', ''],
  ['6th', '1.000', '', ''],
  ['Final Drive', '2.866', '', ''],
];
const gearRows = (rows: [string, string, string, string][]): GearRatio[] =>
  rows.map(([name, ratio, speed, notes], i) => ({ id: i + 1, carId: 7, eventId: null, name, ratio, speedAtMaxRpm: speed || null, notes: notes || null, own: true }));

const SUSPENSION: Suspension = {
  id: 1,
  carId: 7,
  eventId: null,
  frontRideHeight: '120mm',
  frontSpringRate: '78 N/mm',
  frontDamperSetting: '8/6',
  frontCamber: '-2.8°',
  frontToe: null,
  frontAntiRollBar: 'Medium',
  rearRideHeight: '125mm',
  rearSpringRate: null,
  rearDamperSetting: '6/5',
  rearCamber: '-2.0°',
  rearToe: '1.5mm (in)',
  rearAntiRollBar: 'Soft',
  notes: 'Corner-weighted with driver',
  ownFields: [],
};

interface State {
  gears: GearRatio[];
  suspension: Suspension | null;
  tires: TirePressures;
  targets: TirePressureTargets;
  weights: CornerWeights;
  setupTargets: SetupTargets;
  checklist: ChecklistItem[];
}

const NO_WEIGHTS: CornerWeights = {
  carId: 7, eventId: null, fl: null, fr: null, rl: null, rr: null, driverIn: null, driverKg: null, fuelLitres: null, ballastKg: null, ballastPosition: null, notes: null, derived: null, ownFields: [],
};

/** A stateful stub of the car record endpoints of car 7; `overrides` replace single routes. */
function stubCarRecord(initial: Partial<State> = {}, overrides: Record<string, StubHandler> = {}, teamSettings: Record<string, string> = {}) {
  const state: State = { gears: [], suspension: null, tires: { items: [], notes: null }, targets: { front: null, rear: null, fl: null, fr: null, rl: null, rr: null }, weights: NO_WEIGHTS, setupTargets: { crossPercent: null, frontPercent: null }, checklist: [], ...initial };
  let car = makeCar();
  let nextId = 100;
  const mock = stubFetch({
    'GET /api/auth/user': () => json(user),
    'GET /api/cars': () => json([car]),
    'GET /api/cars/7': () => json(car),
    'PUT /api/cars/7': (body) => {
      car = { ...car, ...(body as object) };
      return json(car);
    },
    'GET /api/teams/1/settings': () => json({ teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr', ...teamSettings }),
    'GET /api/cars/7/gear-ratios': () => json(state.gears),
    'PUT /api/cars/7/gear-ratios': (body) => {
      state.gears = (body as GearRatio[]).map((r, i) => ({ ...r, id: i + 1, carId: 7, eventId: null }));
      return json(state.gears);
    },
    'GET /api/cars/7/suspension': () => json(state.suspension),
    'PUT /api/cars/7/suspension': (body) => {
      state.suspension = { ...(body as Suspension), id: 1, carId: 7, eventId: null };
      return json(state.suspension);
    },
    'GET /api/cars/7/tire-pressures': () => json(state.tires),
    'PUT /api/cars/7/tire-pressures': (body) => {
      const b = body as TirePressures;
      state.tires = { items: b.items.map((r, i) => ({ ...r, id: i + 1, carId: 7, eventId: null, notes: b.notes })), notes: b.notes };
      return json(state.tires);
    },
    'GET /api/cars/7/tire-pressure-targets': () => json(state.targets),
    'PUT /api/cars/7/tire-pressure-targets': (body) => {
      state.targets = body as TirePressureTargets;
      return json(state.targets);
    },
    'GET /api/cars/7/corner-weights': () => json(state.weights),
    'PUT /api/cars/7/corner-weights': (body) => {
      state.weights = { ...NO_WEIGHTS, ...(body as Partial<CornerWeights>), derived: null };
      return json(state.weights);
    },
    'GET /api/cars/7/setup-targets': () => json(state.setupTargets),
    'GET /api/cars/7/setup-sheet': () => json(makeSetupSheet()),
    'GET /api/cars/7/checklist': () => json(state.checklist),
    'POST /api/cars/7/checklist': (body) => {
      const item = { ...(body as ChecklistItem), id: nextId++, carId: 7, isCompleted: false, completedBy: null, completedAt: null, createdAt: '', updatedAt: '' };
      state.checklist = [...state.checklist, item];
      return json(item, 201);
    },
    ...overrides,
  });
  return { mock, state };
}

const region = (name: string) => screen.findByRole('region', { name });

describe('Gear Ratios card', () => {
  it("shows the table with '-' for empty values and the gear chart", async () => {
    stubCarRecord({ gears: gearRows([...MX5_ROWS.slice(0, 6).map((r, i) => (i === 0 ? ([r[0], r[1], '59.8', r[3]] as typeof r) : r)), MX5_ROWS[6]!]) });
    renderRemote('/car/7');
    const card = within(await region('Gear Ratios'));
    expect(await card.findByRole('columnheader', { name: 'Speed (kph @ max rpm)' })).toBeInTheDocument();
    for (const name of ['Gear', 'Ratio', 'Notes']) expect(card.getByRole('columnheader', { name })).toBeInTheDocument();
    const first = card.getByRole('row', { name: /^1st/ });
    expect(within(first).getByText('59.8')).toBeInTheDocument();
    const second = card.getByRole('row', { name: /^2nd/ });
    expect(within(second).getAllByText('-')).toHaveLength(2);
    const chart = card.getByRole('img', { name: /Gear chart/ });
    expect(chart).toHaveAccessibleName(expect.stringContaining('1st: up to 59.8 kph'));
    expect(chart).toHaveAccessibleName(expect.stringContaining('6th: up to 304.0 kph'));
    expect(chart.textContent).toContain('Speed (kph)');
  });

  it('hides the chart with a short note when the notes carry no rpm and tire size', async () => {
    stubCarRecord({ gears: gearRows([['1st', '3.1', '', ''], ['Final Drive', '4.1', '', '']]) });
    renderRemote('/car/7');
    const card = within(await region('Gear Ratios'));
    expect(await card.findByText(/Gear chart: write the max rpm and tire size/)).toBeInTheDocument();
    expect(card.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the empty state, prefills 1st..6th and Final Drive, and says which fields are required', async () => {
    stubCarRecord();
    renderRemote('/car/7');
    const card = await region('Gear Ratios');
    expect(await within(card).findByText('No gear ratio data available. Click edit to add gear ratios.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Edit Gear Ratios' }));
    const form = await screen.findByRole('form', { name: 'Edit Gear Ratios' });
    expect(within(form).getAllByLabelText('Gear').map((i) => (i as HTMLInputElement).value)).toEqual(['1st', '2nd', '3rd', '4th', '5th', '6th', 'Final Drive']);
    await userEvent.clear(within(within(form).getByRole('group', { name: 'Row 2' })).getByLabelText('Gear'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('Ratio is required')).toHaveLength(7);
    expect(within(within(form).getByRole('group', { name: 'Row 2' })).getByText('Name is required')).toBeInTheDocument();
  });

  it('adds, removes and reorders rows, then saves them in order with a toast', async () => {
    const { mock } = stubCarRecord({ gears: gearRows([['1st', '3.1', '', ''], ['2nd', '2.2', '', '']]) });
    renderRemote('/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Gear Ratios' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Gear Ratios' }));
    await userEvent.click(form.getByRole('button', { name: 'Move 2nd up' }));
    expect(form.getAllByLabelText('Gear').map((i) => (i as HTMLInputElement).value)).toEqual(['2nd', '1st']);
    await userEvent.click(form.getByRole('button', { name: 'Add Gear' }));
    const row3 = within(form.getByRole('group', { name: 'Row 3' }));
    await userEvent.type(row3.getByLabelText('Gear'), 'Final Drive');
    await userEvent.type(row3.getByLabelText('Ratio'), '4.3');
    await userEvent.click(form.getByRole('button', { name: 'Move 1st down' }));
    await userEvent.click(form.getByRole('button', { name: 'Remove 2nd' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gear ratios updated successfully')).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', '/api/cars/7/gear-ratios')).toEqual([
      [expect.objectContaining({ name: 'Final Drive', ratio: '4.3' }), expect.objectContaining({ name: '1st', ratio: '3.1', speedAtMaxRpm: null })],
    ]);
    const card = within(await region('Gear Ratios'));
    expect(card.getByRole('row', { name: /^Final Drive/ })).toBeInTheDocument();
  });

  it("fills the Speed column from tire size, max rpm and the Final Drive row, naming rows it can't compute", async () => {
    const rows = MX5_ROWS.map((r) => (r[0] === '3rd' ? (['3rd', 'abc', '', ''] as typeof r) : r));
    const { mock } = stubCarRecord({ gears: gearRows(rows) });
    renderRemote('/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Gear Ratios' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Gear Ratios' }));
    expect(form.getByLabelText('Tire size')).toHaveValue('205/45R17'); // read from the 1st gear's notes
    expect(form.getByLabelText('Max rpm')).toHaveValue('7500');
    await userEvent.click(form.getByRole('button', { name: 'Fill Speed Column' }));
    expect(await form.findByText('Could not compute 3rd: ratio "abc" is not a number')).toBeInTheDocument();
    expect(form.getAllByLabelText('Speed (kph)').map((i) => (i as HTMLInputElement).value)).toEqual(['59.8', '101.6', '', '190.7', '236.4', '304.0', '']);

    await userEvent.clear(form.getByLabelText('Tire size'));
    await userEvent.type(form.getByLabelText('Tire size'), 'slicks');
    await userEvent.click(form.getByRole('button', { name: 'Fill Speed Column' }));
    expect(await form.findByText('Tire size "slicks" is not an ISO size such as 205/45R17')).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', '/api/cars/7/gear-ratios')).toEqual([]);
  });

  it("toasts 'Failed to update gear ratios: {reason}' and stays open", async () => {
    stubCarRecord({ gears: gearRows([['1st', '3.1', '', '']]) }, { 'PUT /api/cars/7/gear-ratios': () => json({ message: 'row 1 ratio: Ratio is required' }, 400) });
    renderRemote('/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Gear Ratios' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update gear ratios: row 1 ratio: Ratio is required');
    expect(screen.getByRole('form', { name: 'Edit Gear Ratios' })).toBeInTheDocument();
  });

  it('shows a loading placeholder while the rows load', async () => {
    // A view without the rows: the card reads them itself, and shows the placeholder meanwhile.
    stubCarRecord({}, { 'GET /api/cars/7/view': () => json({ car: makeCar(), versions: {} }), 'GET /api/cars/7/gear-ratios': () => new Promise<Response>(() => {}) });
    renderRemote('/car/7');
    expect(await screen.findByLabelText('Loading gear ratios')).toBeInTheDocument();
  });
});

describe('Suspension & Alignment card', () => {
  it("shows Front and Rear with 'Not specified' for blanks, and the notes", async () => {
    stubCarRecord({ suspension: SUSPENSION });
    renderRemote('/car/7');
    const card = within(await region('Suspension & Alignment'));
    const front = within(await card.findByRole('region', { name: 'Front' }));
    const rear = within(card.getByRole('region', { name: 'Rear' }));
    for (const label of ['Ride Height', 'Spring Rate', 'Damper Setting (Comp/Reb)', 'Camber', 'Toe', 'Anti-Roll Bar']) {
      expect(front.getByText(label)).toBeInTheDocument();
      expect(rear.getByText(label)).toBeInTheDocument();
    }
    expect(front.getByText('-2.8°')).toBeInTheDocument();
    expect(front.getByText('Not specified')).toBeInTheDocument();
    expect(rear.getByText('1.5mm (in)')).toBeInTheDocument();
    expect(card.getByText('Corner-weighted with driver')).toBeInTheDocument();
  });

  it("shows the empty state; 'Add Suspension Data' opens the form with the spec's placeholders and saves", async () => {
    const { mock } = stubCarRecord();
    renderRemote('/car/7');
    const card = within(await region('Suspension & Alignment'));
    expect(await card.findByText('No suspension data available yet.')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Add Suspension Data' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Suspension & Alignment' }));
    const front = within(form.getByRole('group', { name: 'Front' }));
    const rear = within(form.getByRole('group', { name: 'Rear' }));
    const placeholders = ['75mm', '170 N/mm', '8/6', '-3.2°', '1.2mm (out)', 'Medium'];
    ['Ride Height', 'Spring Rate', 'Damper Setting (Comp/Reb)', 'Camber', 'Toe', 'Anti-Roll Bar'].forEach((label, i) =>
      expect(front.getByLabelText(`Front ${label}`)).toHaveAttribute('placeholder', placeholders[i]),
    );
    await userEvent.type(front.getByLabelText('Front Camber'), '-3.0°');
    await userEvent.type(rear.getByLabelText('Rear Toe'), '1.0mm (in)');
    await userEvent.type(form.getByLabelText('Notes'), 'Wet setup');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Suspension settings updated successfully')).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', '/api/cars/7/suspension')).toEqual([
      expect.objectContaining({ carId: 7, frontCamber: '-3.0°', rearToe: '1.0mm (in)', notes: 'Wet setup', frontRideHeight: null }),
    ]);
    const read = within(await region('Suspension & Alignment'));
    expect(within(read.getByRole('region', { name: 'Front' })).getByText('-3.0°')).toBeInTheDocument();
  });

  it("toasts 'Failed to update suspension settings: {reason}'", async () => {
    stubCarRecord({ suspension: SUSPENSION }, { 'PUT /api/cars/7/suspension': () => json({ message: 'frontCamber: must be at most 50 characters' }, 400) });
    renderRemote('/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Suspension & Alignment' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update suspension settings: frontCamber: must be at most 50 characters');
  });
});

describe('Target Hot Pressures card', () => {
  it('sets the targets per axle and one corner of its own; each corner shows its target', async () => {
    const { mock } = stubCarRecord();
    renderRemote('/car/7');
    const card = within(await region('Target Hot Pressures'));
    await userEvent.click(await card.findByRole('button', { name: 'Set Targets' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Target Hot Pressures' }));
    expect(form.getByLabelText('Front axle')).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(form.getByLabelText('Front axle'), '34');
    await userEvent.type(form.getByLabelText('Rear axle'), '33');
    await userEvent.type(form.getByLabelText('Rear Right'), '33,5');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Target hot pressures updated successfully')).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', '/api/cars/7/tire-pressure-targets')).toEqual([{ front: 34, rear: 33, fl: null, fr: null, rl: null, rr: 33.5 }]);
    const shown = within(await region('Target Hot Pressures'));
    expect(await shown.findAllByText('34.0 psi')).toHaveLength(2);
    expect(within(shown.getByText('Rear Left').nextElementSibling as HTMLElement).getByText(/33\.0 psi/)).toBeInTheDocument();
    expect(shown.getByText('33.5 psi')).toBeInTheDocument();
  });

  it("in a bar team, a field left as it was sends the stored psi back, not its rounded conversion", async () => {
    const { mock } = stubCarRecord(
      { targets: { front: 34, rear: 33, fl: null, fr: null, rl: null, rr: null } },
      { 'GET /api/teams/1/settings': () => json({ teamId: 1, pressureUnit: 'bar', temperatureUnit: 'C' }) },
    );
    renderRemote('/car/7');
    const card = within(await region('Target Hot Pressures'));
    expect(await card.findAllByText('2.34 bar')).toHaveLength(2);
    await userEvent.click(card.getByRole('button', { name: 'Edit Target Hot Pressures' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Target Hot Pressures' }));
    expect(form.getByLabelText('Front axle')).toHaveValue('2.34');
    await userEvent.type(form.getByLabelText('Rear Right'), '2.31');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Target hot pressures updated successfully')).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', '/api/cars/7/tire-pressure-targets')).toEqual([{ front: 34, rear: 33, fl: null, fr: null, rl: null, rr: 33.5 }]);
  });
});

describe('Tire Pressures card', () => {
  it("shows the table and one shared 'Note:' line", async () => {
    stubCarRecord({
      tires: {
        items: [{ id: 1, carId: 7, eventId: null, condition: 'Dry (Cold)', frontLeft: '28 psi', frontRight: '28 psi', rearLeft: '27 psi', rearRight: '27.5 psi', notes: 'Toyo R888R', own: true }],
        notes: 'Toyo R888R',
      },
    });
    renderRemote('/car/7');
    const card = within(await region('Tire Pressures'));
    for (const name of ['Condition', 'Front Left', 'Front Right', 'Rear Left', 'Rear Right']) expect(await card.findByRole('columnheader', { name })).toBeInTheDocument();
    expect(within(card.getByRole('row', { name: /Dry \(Cold\)/ })).getByText('27.5 psi')).toBeInTheDocument();
    expect(card.getByText('Note:')).toBeInTheDocument();
    expect(card.getAllByText('Toyo R888R')).toHaveLength(1);
  });

  it("prefills 'Dry (Cold)', 'Dry (Hot Target)', 'Wet (Cold)', shows the required messages, and saves", async () => {
    const { mock } = stubCarRecord();
    renderRemote('/car/7');
    const card = within(await region('Tire Pressures'));
    expect(await card.findByText('No tire pressure data available. Click edit to add tire pressures.')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Edit Tire Pressures' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Tire Pressures' }));
    expect(form.getAllByLabelText('Condition').map((i) => (i as HTMLInputElement).value)).toEqual(['Dry (Cold)', 'Dry (Hot Target)', 'Wet (Cold)']);
    expect(form.getAllByLabelText('Front Left')[0]).toHaveAttribute('placeholder', '24.5 psi');
    await userEvent.click(form.getByRole('button', { name: 'Remove Dry (Hot Target)' }));
    await userEvent.click(form.getByRole('button', { name: 'Remove Wet (Cold)' }));
    const row = within(form.getByRole('group', { name: 'Condition 1' }));
    await userEvent.clear(row.getByLabelText('Condition'));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    for (const message of ['Condition is required', 'Front left pressure is required', 'Front right pressure is required', 'Rear left pressure is required', 'Rear right pressure is required']) {
      expect(await row.findByText(message)).toBeInTheDocument();
    }
    await userEvent.type(row.getByLabelText('Condition'), 'Dry (Cold)');
    for (const [label, value] of [['Front Left', '26 psi'], ['Front Right', '26 psi'], ['Rear Left', '25 psi'], ['Rear Right', '25 psi']]) await userEvent.type(row.getByLabelText(label!), value!);
    await userEvent.type(form.getByLabelText('Note'), 'Cold morning');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tire pressures updated successfully')).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', '/api/cars/7/tire-pressures')).toEqual([
      expect.objectContaining({ notes: 'Cold morning', items: [expect.objectContaining({ condition: 'Dry (Cold)', frontLeft: '26 psi', rearRight: '25 psi' })] }),
    ]);
    expect(await within(await region('Tire Pressures')).findByText('Cold morning')).toBeInTheDocument();
  });

  it("toasts 'Failed to update tire pressures: {reason}'", async () => {
    stubCarRecord({}, { 'PUT /api/cars/7/tire-pressures': () => json({ message: 'Car not found' }, 404) });
    renderRemote('/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Tire Pressures' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Tire Pressures' }));
    for (const input of form.getAllByPlaceholderText('24.5 psi')) await userEvent.type(input, '30 psi');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update tire pressures: Car not found');
  });
});

describe('Maintenance History card', () => {
  it("shows the six items with 'MMM d, yyyy', days ago and colour, grey 'Not recorded' without a date", async () => {
    const tenDays = subDays(new Date(), 10);
    const hundredDays = subDays(new Date(), 100);
    stubCarRecord();
    const car = makeCar({ lastEngineOilChange: format(tenDays, 'yyyy-MM-dd'), lastEngineBuild: format(hundredDays, 'yyyy-MM-dd') });
    stubCarRecord({}, { 'GET /api/cars/7': () => json(car) });
    renderRemote('/car/7');
    const card = within(await region('Maintenance History'));
    const oil = within(card.getByRole('listitem', { name: 'Engine Oil Change' }));
    expect(oil.getByText(format(tenDays, 'MMM d, yyyy'))).toBeInTheDocument();
    expect(oil.getByText(/^1[01] days ago$/)).toHaveAttribute('data-tone', 'green');
    const build = within(card.getByRole('listitem', { name: 'Engine Build' }));
    expect(build.getByText(/^10[01] days ago$/)).toHaveAttribute('data-tone', 'red');
    expect(card.getAllByText('Not recorded')).toHaveLength(4);
    for (const label of ['Transmission Build', 'Transmission Oil Change', 'Differential Oil Change', 'Clutch Change']) {
      expect(within(card.getByRole('listitem', { name: label })).getByText('Not recorded')).toHaveAttribute('data-tone', 'grey');
    }
  });

  it('sets one date and resets another, PUTs the whole car and toasts', async () => {
    const car = makeCar({ lastClutchChange: '2026-01-05' });
    let saved = car;
    const { mock } = stubCarRecord({}, {
      'GET /api/cars/7': () => json(saved),
      'PUT /api/cars/7': (body) => {
        saved = { ...saved, ...(body as object) };
        return json(saved);
      },
    });
    renderRemote('/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Maintenance History' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Maintenance History' }));
    expect(form.getByLabelText('Clutch Change')).toHaveValue('2026-01-05');
    await userEvent.type(form.getByLabelText('Differential Oil Change'), '2026-02-03');
    await userEvent.click(form.getByRole('button', { name: 'Clear Clutch Change' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Maintenance history updated successfully')).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', '/api/cars/7')).toEqual([
      expect.objectContaining({ id: 7, name: 'Red Devil', lastDifferentialOilChange: '2026-02-03', lastClutchChange: null, lastEngineBuild: null }),
    ]);
    const card = within(await region('Maintenance History'));
    expect(await within(card.getByRole('listitem', { name: 'Differential Oil Change' })).findByText('Feb 3, 2026')).toBeInTheDocument();
  });

  it("toasts 'Failed to update maintenance history: {error}'", async () => {
    stubCarRecord({}, { 'PUT /api/cars/7': () => json({ message: 'lastClutchChange: must be an ISO date (YYYY-MM-DD) or null' }, 400) });
    renderRemote('/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Maintenance History' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update maintenance history: lastClutchChange: must be an ISO date (YYYY-MM-DD) or null');
  });
});

describe('Car Checklist card', () => {
  const item = (over: Partial<ChecklistItem>): ChecklistItem => ({ id: 1, carId: 7, title: 'Torque wheel nuts', description: '108 Nm', isCompleted: false, priority: 'high', completedBy: null, completedAt: null, createdAt: '', updatedAt: '', ...over });

  it('says on a ticked item who ticked it and when, in local time', async () => {
    const completedAt = new Date(2026, 5, 13, 14, 35).toISOString();
    stubCarRecord({ checklist: [item({ isCompleted: true, completedBy: 'Ana', completedAt }), item({ id: 2, title: 'Fuel for practice', description: null })] });
    renderRemote('/car/7');
    const card = within(await region('Car Checklist'));
    const ticked = (await card.findByRole('checkbox', { name: 'Torque wheel nuts' })).closest('li')!;
    expect(ticked).toHaveTextContent('Ticked by Ana at 14:35');
    expect(card.getByRole('checkbox', { name: 'Fuel for practice' }).closest('li')).not.toHaveTextContent('Ticked by');
  });

  it('opens the add form with the Title focused, so typing starts at once', async () => {
    stubCarRecord();
    renderRemote('/car/7');
    const card = within(await region('Car Checklist'));
    await userEvent.click(card.getByRole('button', { name: 'Add Item' }));
    const form = within(await screen.findByRole('form', { name: 'Add Checklist Item' }));
    await waitFor(() => expect(form.getByLabelText('Title')).toHaveFocus());
  });

  it('refuses a blank title, adds an item with default priority medium and toasts', async () => {
    const { mock } = stubCarRecord();
    renderRemote('/car/7');
    const card = within(await region('Car Checklist'));
    await userEvent.click(card.getByRole('button', { name: 'Add Item' }));
    const form = within(await screen.findByRole('form', { name: 'Add Checklist Item' }));
    expect(form.getByLabelText('Priority')).toHaveValue('medium');
    await userEvent.type(form.getByLabelText('Title'), '   ');
    await userEvent.click(form.getByRole('button', { name: 'Add Item' }));
    expect(await form.findByText('Missing information: Please provide a title for the checklist item')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Title'), 'Transponder charged');
    await userEvent.type(form.getByLabelText('Description'), 'Before scrutineering');
    await userEvent.click(form.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Item added')).toBeInTheDocument();
    expect(callsTo(mock, 'POST', '/api/cars/7/checklist')).toEqual([{ title: 'Transponder charged', description: 'Before scrutineering', priority: 'medium' }]);
    expect(await card.findByRole('checkbox', { name: 'Transponder charged' })).not.toBeChecked();
  });

  it('toggles an item (completed items dimmed and struck through) and deletes one', async () => {
    let items = [item({}), item({ id: 2, title: 'Fuel for practice', description: null, priority: 'low', isCompleted: true })];
    const { mock } = stubCarRecord({}, {
      'GET /api/cars/7/checklist': () => json(items),
      'PATCH /api/cars/7/checklist/1': (body) => {
        items = items.map((i) => (i.id === 1 ? { ...i, ...(body as object) } : i));
        return json(items[0]);
      },
      'DELETE /api/cars/7/checklist/2': () => {
        items = items.filter((i) => i.id !== 2);
        return json(null, 204);
      },
    });
    renderRemote('/car/7');
    const card = within(await region('Car Checklist'));
    const done = await card.findByRole('checkbox', { name: 'Fuel for practice' });
    expect(done).toBeChecked();
    expect(done.closest('li')).toHaveAttribute('data-completed');
    await userEvent.click(card.getByRole('checkbox', { name: 'Torque wheel nuts' }));
    await waitFor(() => expect(card.getByRole('checkbox', { name: 'Torque wheel nuts' })).toBeChecked());
    expect(callsTo(mock, 'PATCH', '/api/cars/7/checklist/1')).toEqual([{ isCompleted: true }]);
    await userEvent.click(card.getByRole('button', { name: 'Delete Fuel for practice' }));
    expect(await screen.findByText('Item removed')).toBeInTheDocument();
    await waitFor(() => expect(card.queryByRole('checkbox', { name: 'Fuel for practice' })).not.toBeInTheDocument());
  });

  it('toggles from anywhere on the row (the title, the description), not only the box', async () => {
    let items = [item({})];
    const { mock } = stubCarRecord({}, {
      'GET /api/cars/7/checklist': () => json(items),
      'PATCH /api/cars/7/checklist/1': (body) => {
        items = items.map((i) => ({ ...i, ...(body as object) }));
        return json(items[0]);
      },
    });
    renderRemote('/car/7');
    const card = within(await region('Car Checklist'));
    await userEvent.click(await card.findByText('108 Nm'));
    await waitFor(() => expect(card.getByRole('checkbox', { name: 'Torque wheel nuts' })).toBeChecked());
    expect(callsTo(mock, 'PATCH', '/api/cars/7/checklist/1')).toEqual([{ isCompleted: true }]);
  });

  it("undoes a delete from the 'Item removed' toast: the item is added again with its title, description, priority and completion", async () => {
    let items = [item({ isCompleted: true })];
    const { mock } = stubCarRecord({}, {
      'GET /api/cars/7/checklist': () => json(items),
      'DELETE /api/cars/7/checklist/1': () => {
        items = [];
        return json(null, 204);
      },
      'POST /api/cars/7/checklist': (body) => {
        items = [item({ ...(body as object), id: 5, isCompleted: false })];
        return json(items[0], 201);
      },
      'PATCH /api/cars/7/checklist/5': (body) => {
        items = items.map((i) => ({ ...i, ...(body as object) }));
        return json(items[0]);
      },
    });
    renderRemote('/car/7');
    const card = within(await region('Car Checklist'));
    await userEvent.click(await card.findByRole('button', { name: 'Delete Torque wheel nuts' }));
    expect(await screen.findByText('Item removed')).toBeInTheDocument();
    await waitFor(() => expect(card.queryByRole('checkbox', { name: 'Torque wheel nuts' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(card.getByRole('checkbox', { name: 'Torque wheel nuts' })).toBeChecked());
    expect(callsTo(mock, 'POST', '/api/cars/7/checklist')).toEqual([{ title: 'Torque wheel nuts', description: '108 Nm', priority: 'high' }]);
    expect(callsTo(mock, 'PATCH', '/api/cars/7/checklist/5')).toEqual([{ isCompleted: true }]);
  });

  it('toasts the checklist failures with their reasons', async () => {
    stubCarRecord({ checklist: [item({})] }, {
      'PATCH /api/cars/7/checklist/1': () => json({ message: 'Checklist item not found' }, 404),
      'DELETE /api/cars/7/checklist/1': () => json({ message: 'Checklist item not found' }, 404),
      'POST /api/cars/7/checklist': () => json({ message: 'Car not found' }, 404),
    });
    renderRemote('/car/7');
    const card = within(await region('Car Checklist'));
    await userEvent.click(await card.findByRole('checkbox', { name: 'Torque wheel nuts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update checklist item: Checklist item not found');
    await userEvent.click(card.getByRole('button', { name: 'Delete Torque wheel nuts' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete checklist item: Checklist item not found'));
    await userEvent.click(card.getByRole('button', { name: 'Add Item' }));
    await userEvent.type(await screen.findByLabelText('Title'), 'Spare pads');
    await userEvent.click(within(screen.getByRole('form', { name: 'Add Checklist Item' })).getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to add checklist item: Car not found'));
  });

  it('shows the empty state', async () => {
    stubCarRecord();
    renderRemote('/car/7');
    expect(await within(await region('Car Checklist')).findByText(/No checklist items yet/)).toBeInTheDocument();
  });
});

describe('Corner Weights card', () => {
  const weighed: CornerWeights = { ...NO_WEIGHTS, fl: 360, fr: 350, rl: 340, rr: 350, ownFields: ['fl', 'fr', 'rl', 'rr'] };
  /** The value shown beside a figure's label in the card. */
  const figure = async (label: string) => within(await region('Corner Weights')).getByText(label, { exact: true }).nextElementSibling?.textContent;

  it('shows the cross weight on the road-racing diagonal, the wedge and the axle totals', async () => {
    stubCarRecord({ weights: weighed });
    renderRemote('/car/7');
    await within(await region('Corner Weights')).findByText('Cross weight (FL + RR)');
    expect([await figure('Cross weight (FL + RR)'), await figure('Wedge'), await figure('Front axle')]).toEqual(['50.7 %', '+20 kg', '710 kg']);
  });

  it("names the oval diagonal and takes the cross weight on it for a team that chose it", async () => {
    stubCarRecord({ weights: weighed }, {}, { crossDiagonal: 'rf-lr' });
    renderRemote('/car/7');
    await within(await region('Corner Weights')).findByText('Cross weight (RF + LR)');
    expect(await figure('Cross weight (RF + LR)')).toBe('49.3 %');
  });

  it('in a team that weighs in lb, saves the entered pounds as kg and an untouched corner as stored', async () => {
    const { mock } = stubCarRecord({ weights: { ...weighed, rr: null } }, {}, { massUnit: 'lb' });
    renderRemote('/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Corner Weights' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'RR (lb)' }), '771.6');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(mock, 'PUT', '/api/cars/7/corner-weights')).toHaveLength(1));
    const [body] = callsTo(mock, 'PUT', '/api/cars/7/corner-weights') as CornerWeights[];
    expect(body).toMatchObject({ fl: 360, fr: 350, rl: 340 });
    expect(body!.rr).toBeCloseTo(771.6 * 0.45359237, 9);
  });

  it('refuses a corner above 2,000 kg naming it, and sends nothing', async () => {
    const { mock } = stubCarRecord({ weights: weighed });
    renderRemote('/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Corner Weights' }));
    const fl = screen.getByRole('textbox', { name: 'FL (kg)' });
    await userEvent.clear(fl);
    await userEvent.type(fl, '2400');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be from 0 to 2,000 kg')).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', '/api/cars/7/corner-weights')).toEqual([]);
  });
});
