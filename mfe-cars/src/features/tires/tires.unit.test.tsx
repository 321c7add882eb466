import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TireSet } from '@pitwall/contracts';
import { callsTo, json, stubFetch } from '@pitwall/kit/test';
import { makeCar, renderRemote, user } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const settings = { teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr' };
/** Set 2, bought used: 3 heat cycles and 40 laps before Pitwall, one session of 4 laps since. */
const set2: TireSet = {
  id: 5, teamId: 1, name: 'Set 2', manufacturer: 'Toyo', compound: 'Proxes RR', size: '225/45ZR17', dotCodes: { fl: '4825', fr: '4825', rl: '4825', rr: '4825' },
  condition: 'used', treadNewMm: 7.1, treadMinimumMm: 1.6, carId: null, notes: null, earlierHeatCycles: 3, earlierLaps: 40, barcode: null,
  heatCycles: 4, laps: 44, km: 14.4, hours: 0.12, sessions: [], lastUsedAt: '2026-03-21T16:10:00.000Z', wearPercent: null, wearByCorner: { fl: null, fr: null, rl: null, rr: null },
  wearPerLap: null, lapsLeft: null, createdAt: '2026-03-01T08:00:00.000Z',
};

function stubTires(set: TireSet = set2) {
  return stubFetch({
    'GET /api/auth/user': () => json(user),
    'GET /api/cars': () => json([makeCar()]),
    'GET /api/teams/1/settings': () => json(settings),
    'GET /api/teams/1/tire-sets': () => json([set]),
    'POST /api/teams/1/tire-sets': (body) => json({ ...set, ...(body as object), id: 6 }, 201),
    'GET /api/teams/1/tire-sets/5': () => json(set),
    'GET /api/teams/1/tire-sets/5/tread': () => json([]),
    'PATCH /api/teams/1/tire-sets/5': (body) => json({ ...set, ...(body as object) }),
  });
}

/** Opens 'Add Tire Set' on the team's tires and types the set's name. */
async function openAddForm() {
  renderRemote('/tires?team=1');
  await userEvent.click(await screen.findByRole('button', { name: 'Add Tire Set' }));
  const form = screen.getByRole('form', { name: 'Add Tire Set' });
  await userEvent.type(screen.getByLabelText('Set name'), 'Set 2');
  return form;
}

describe("'Add Tire Set': the earlier use of a set bought scrubbed or used", () => {
  it("asks for the earlier heat cycles and laps once the condition is scrubbed or used (numeric keypad), not for a new set, and sends them", async () => {
    const mock = stubTires();
    const form = await openAddForm();
    expect(screen.queryByLabelText('Earlier heat cycles')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getAllByLabelText('Condition').find((c) => form.contains(c))!, 'scrubbed');
    expect(screen.getByLabelText('Earlier heat cycles')).toHaveAttribute('inputmode', 'numeric');
    await userEvent.selectOptions(screen.getAllByLabelText('Condition').find((c) => form.contains(c))!, 'used');
    expect(screen.getByLabelText('Earlier laps')).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(screen.getByLabelText('Earlier heat cycles'), '3');
    await userEvent.type(screen.getByLabelText('Earlier laps'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tire Set' }));
    await waitFor(() => expect(callsTo(mock, 'POST', '/api/teams/1/tire-sets')).toEqual([expect.objectContaining({ name: 'Set 2', condition: 'used', earlierHeatCycles: 3, earlierLaps: 40 })]));
  });

  it('names the field under it and sends nothing for earlier laps without a heat cycle or a number that is not whole', async () => {
    const mock = stubTires();
    const form = await openAddForm();
    await userEvent.selectOptions(screen.getAllByLabelText('Condition').find((c) => form.contains(c))!, 'used');
    await userEvent.type(screen.getByLabelText('Earlier laps'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tire Set' }));
    expect(await screen.findByText(/^must be at least 1 for a set with earlier laps/)).toBeInTheDocument();
    expect(screen.getByLabelText('Earlier heat cycles')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText('Earlier heat cycles'), '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tire Set' }));
    expect(await screen.findByText('must be a whole number of heat cycles from 0 to 100')).toBeInTheDocument();
    expect(callsTo(mock, 'POST', '/api/teams/1/tire-sets')).toEqual([]);
  });

  it('sends no earlier use for a set switched back to new (its fields are hidden)', async () => {
    const mock = stubTires();
    const form = await openAddForm();
    const condition = () => screen.getAllByLabelText('Condition').find((c) => form.contains(c))!;
    await userEvent.selectOptions(condition(), 'used');
    await userEvent.type(screen.getByLabelText('Earlier heat cycles'), '3');
    await userEvent.selectOptions(condition(), 'new');
    expect(screen.queryByLabelText('Earlier heat cycles')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Tire Set' }));
    await waitFor(() => expect(callsTo(mock, 'POST', '/api/teams/1/tire-sets')).toEqual([expect.objectContaining({ condition: 'new', earlierHeatCycles: 0, earlierLaps: 0 })]));
  });
});

describe("a tire set's page: its earlier use", () => {
  it('says what the set ran before Pitwall and edits it with the condition and car', async () => {
    const mock = stubTires();
    renderRemote('/tires/5?team=1');
    expect(await screen.findByText(/3 heat cycles and 40 laps before Pitwall/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Condition, car and earlier use' });
    const laps = screen.getByLabelText('Earlier laps');
    expect(form).toContainElement(laps);
    expect(screen.getByLabelText('Earlier heat cycles')).toHaveValue('3');
    expect(laps).toHaveValue('40');
    await userEvent.clear(laps);
    await userEvent.type(laps, '52');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(mock, 'PATCH', '/api/teams/1/tire-sets/5')).toEqual([{ condition: 'used', carId: null, barcode: null, earlierHeatCycles: 3, earlierLaps: 52 }]));
  });

  it("records the supplier label's barcode with the condition and car", async () => {
    const mock = stubTires();
    renderRemote('/tires/5?team=1');
    const barcode = await screen.findByLabelText('Barcode');
    expect(screen.getByRole('form', { name: 'Condition, car and earlier use' })).toContainElement(barcode);
    await userEvent.type(barcode, ' HK-004821 ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(mock, 'PATCH', '/api/teams/1/tire-sets/5')).toEqual([{ condition: 'used', carId: null, barcode: 'HK-004821', earlierHeatCycles: 3, earlierLaps: 40 }]));
  });

  it('shows no earlier use fields for a new set', async () => {
    stubTires({ ...set2, condition: 'new', earlierHeatCycles: 0, earlierLaps: 0, heatCycles: 0, laps: 0 });
    renderRemote('/tires/5?team=1');
    await screen.findByRole('form', { name: 'Condition, car and earlier use' });
    expect(screen.queryByLabelText('Earlier heat cycles')).not.toBeInTheDocument();
    expect(screen.queryByText(/before Pitwall/)).not.toBeInTheDocument();
  });
});
