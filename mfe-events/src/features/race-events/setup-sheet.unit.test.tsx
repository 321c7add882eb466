import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SetupSheet } from '@pitwall/contracts';
import { callsTo, json, makeSetupSheet, stubFetch, type StubHandler } from '@pitwall/kit/test';
import { raceEventGets, renderRemote } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

/** Race event 3's effective sheet: the car's FL camber and ballast inherited, its own FR camber and rear wing. */
const EFFECTIVE = makeSetupSheet(
  { 'corners.fl.camberDeg': -3.2, 'corners.fr.camberDeg': -3.5, 'aero.rearWingDeg': 14, ballastKg: 20 },
  { eventId: 3, ownFields: ['corners.fr.camberDeg', 'aero.rearWingDeg'] },
);

/** Race event 3's Technical Settings GETs (its other sections empty) and its setup sheet. */
function routes(extra: Record<string, StubHandler> = {}): Record<string, StubHandler> {
  return {
    ...raceEventGets(),
    'GET /api/cars/7/gear-ratios?eventId=3': () => json([]),
    'GET /api/cars/7/suspension?eventId=3': () => json(null),
    'GET /api/cars/7/tire-pressures?eventId=3': () => json({ items: [], notes: null }),
    'GET /api/cars/7/corner-weights?eventId=3': () =>
      json({ carId: 7, eventId: 3, fl: null, fr: null, rl: null, rr: null, driverIn: null, driverKg: null, fuelLitres: null, ballastKg: null, ballastPosition: null, notes: null, derived: null, ownFields: [] }),
    'GET /api/cars/7/setup-targets': () => json({ crossPercent: null, frontPercent: null }),
    'GET /api/teams/1/settings': () => json({ teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr' }),
    'GET /api/cars/7/events/3/setup-sheet': () => json(EFFECTIVE),
    ...extra,
  };
}

/** The cells of the corners table's row named `setting`: FL, FR, RL, RR. */
const cornerCells = (card: HTMLElement, setting: string) =>
  within(within(card).getByRole('rowheader', { name: setting }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe("A race event's setup sheet", () => {
  it("shows the effective sheet on Technical Settings: its own values marked 'Race event', the car's unmarked", async () => {
    stubFetch(routes());
    renderRemote('/car/7/events/3/technical');
    const card = await screen.findByRole('region', { name: 'Setup Sheet' });
    await within(card).findByRole('table', { name: 'Corners' });
    expect(cornerCells(card, 'Camber (°)')).toEqual(['-3.2', '-3.5 Race event', '—', '—']);
    expect(within(within(card).getByRole('region', { name: 'Aero' })).getByText('Rear wing (°)').nextSibling).toHaveTextContent(/^14 Race event$/);
    expect(within(within(card).getByRole('region', { name: 'Ballast' })).getByText('Ballast (kg)').nextSibling).toHaveTextContent(/^20$/);
    expect(screen.getByText(/Everything else comes from the car's baseline\./)).toBeInTheDocument();
  });

  it("opens the full-page form with what it inherits noted 'From the car', and PUTs the complete sheet to the race event", async () => {
    let sheet: SetupSheet = EFFECTIVE;
    const mock = stubFetch(
      routes({
        'GET /api/cars/7/events/3/setup-sheet': () => json(sheet),
        'PUT /api/cars/7/events/3/setup-sheet': (body) => {
          sheet = { ...(body as SetupSheet), carId: 7, eventId: 3, ownFields: ['corners.fl.camberDeg', 'corners.fr.camberDeg', 'aero.rearWingDeg'] };
          return json(sheet);
        },
      }),
    );
    renderRemote('/car/7/events/3/technical');
    const card = await screen.findByRole('region', { name: 'Setup Sheet' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Edit Setup Sheet' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Setup Sheet' })).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Edit Setup Sheet' }));
    expect(form.getByLabelText('FL camber (°)')).toHaveAccessibleDescription(/From the car/);
    expect(form.getByLabelText('Ballast (kg)')).toHaveAccessibleDescription(/From the car/);
    await userEvent.click(form.getByRole('tab', { name: 'FR' }));
    expect(form.getByLabelText('FR camber (°)')).not.toHaveAccessibleDescription(/From the car/);
    await userEvent.click(form.getByRole('tab', { name: 'FL' }));
    await userEvent.clear(form.getByLabelText('FL camber (°)'));
    await userEvent.type(form.getByLabelText('FL camber (°)'), '3.4');
    expect(form.getByLabelText('FL camber (°)')).not.toHaveAccessibleDescription(/From the car/);
    await userEvent.click(form.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Setup sheet updated successfully')).toBeInTheDocument();
    const [body] = callsTo(mock, 'PUT', '/api/cars/7/events/3/setup-sheet') as SetupSheet[];
    expect(body).toMatchObject({ corners: { fl: { camberDeg: -3.4 }, fr: { camberDeg: -3.5 } }, aero: { rearWingDeg: 14 }, ballastKg: 20 });
    expect(body).not.toHaveProperty('eventId');
    const saved = await screen.findByRole('region', { name: 'Setup Sheet' });
    expect(cornerCells(saved, 'Camber (°)')).toEqual(['-3.4 Race event', '-3.5 Race event', '—', '—']);
  });
});
