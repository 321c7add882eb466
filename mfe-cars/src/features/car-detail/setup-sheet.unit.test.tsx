import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SetupSheet } from '@pitwall/contracts';
import { callsTo, json, makeSetupSheet, stubFetch, type StubHandler } from '@pitwall/kit/test';
import { emptyCarPageRoutes, renderRemote } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

/** The car page's GETs (its other cards empty) with car 7's setup sheet answered by `sheet`. */
function routes(sheet: () => SetupSheet, extra: Record<string, StubHandler> = {}): Record<string, StubHandler> {
  return {
    ...emptyCarPageRoutes(),
    'GET /api/cars/7/setup-sheet': () => json(sheet()),
    ...extra,
  };
}

const RECORDED = makeSetupSheet({
  'corners.fl.camberDeg': -3.2,
  'corners.fr.camberDeg': -3,
  'corners.rr.rideHeightMm': 55,
  'aero.rearWingDeg': 12,
  'brakes.biasFrontPercent': 57.5,
  notes: 'Baseline for Sebring',
});

/** The cells of the corners table's row named `setting`: FL, FR, RL, RR. */
const cornerCells = (card: HTMLElement, setting: string) =>
  within(within(card).getByRole('rowheader', { name: setting }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** Opens the car page's 'Edit Setup Sheet'; returns queries scoped to the form. */
async function openForm() {
  renderRemote('/car/7');
  const card = await screen.findByRole('region', { name: 'Setup Sheet' });
  await userEvent.click(await within(card).findByRole('button', { name: 'Edit Setup Sheet' }));
  return within(await screen.findByRole('form', { name: 'Edit Setup Sheet' }));
}

describe('Setup Sheet card', () => {
  it('shows the corners as one table (FL FR RL RR, only recorded settings, — for the others), then the recorded groups and the notes', async () => {
    stubFetch(routes(() => RECORDED));
    renderRemote('/car/7');
    const card = await screen.findByRole('region', { name: 'Setup Sheet' });
    const table = await within(card).findByRole('table', { name: 'Corners' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Setting', 'FL', 'FR', 'RL', 'RR']);
    expect(cornerCells(card, 'Camber (°)')).toEqual(['-3.2', '-3', '—', '—']);
    expect(cornerCells(card, 'Ride height (mm)')).toEqual(['—', '—', '—', '55']);
    expect(within(table).queryByRole('rowheader', { name: 'Caster (°)' })).not.toBeInTheDocument();
    const aero = within(card).getByRole('region', { name: 'Aero' });
    expect(within(aero).getByText('Rear wing (°)').nextSibling).toHaveTextContent('12');
    expect(within(aero).getByText('Splitter').nextSibling).toHaveTextContent('—');
    expect(within(within(card).getByRole('region', { name: 'Brakes' })).getByText('57.5')).toBeInTheDocument();
    expect(within(card).queryByRole('region', { name: 'Electronics' })).not.toBeInTheDocument();
    expect(within(within(card).getByRole('region', { name: 'Notes' })).getByText('Baseline for Sebring')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'History of Setup Sheet' })).toBeInTheDocument();
  });

  it("offers 'Add Setup Sheet' when nothing is recorded", async () => {
    stubFetch(routes(() => makeSetupSheet()));
    renderRemote('/car/7');
    const card = await screen.findByRole('region', { name: 'Setup Sheet' });
    expect(await within(card).findByText('No setup sheet recorded yet.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Add Setup Sheet' }));
    expect(await screen.findByRole('form', { name: 'Edit Setup Sheet' })).toBeInTheDocument();
  });
});

describe('Edit Setup Sheet', () => {
  it('edits a corner at a time on the phone keypads, Enter going on to the next corner, and PUTs the complete sheet', async () => {
    let sheet = RECORDED;
    const mock = stubFetch(
      routes(() => sheet, {
        'PUT /api/cars/7/setup-sheet': (body) => {
          sheet = { ...(body as SetupSheet), carId: 7, eventId: null, ownFields: [] };
          return json(sheet);
        },
      }),
    );
    const form = await openForm();
    expect(form.getByRole('tab', { name: 'FL', selected: true })).toBeInTheDocument();
    // A camber holds its digits; the sign is a button of its own (iOS's decimal keypad has no minus).
    expect(form.getByLabelText('FL camber (°)')).toHaveValue('3.2');
    expect(form.getByRole('button', { name: 'Make FL camber (°) positive' })).toBeInTheDocument();
    expect(form.getByLabelText('FL ride height (mm)')).toHaveAttribute('inputmode', 'decimal');
    expect(form.getByLabelText('FL low-speed bump (clicks)')).toHaveAttribute('inputmode', 'numeric');

    await userEvent.type(form.getByLabelText('FL high-speed rebound (clicks)'), '7{Enter}');
    expect(form.getByRole('tab', { name: 'FR', selected: true })).toBeInTheDocument();
    expect(form.getByLabelText('FR camber (°)')).toHaveFocus();

    await userEvent.click(form.getByRole('tab', { name: 'RR' }));
    await userEvent.clear(form.getByLabelText('RR ride height (mm)'));
    await userEvent.type(form.getByLabelText('RR ride height (mm)'), '56,5');
    await userEvent.type(form.getByLabelText('RR spring rate (N/mm)'), '180');
    await userEvent.type(form.getByLabelText('Diff preload (Nm)'), '45');
    await userEvent.type(form.getByLabelText('TC map'), 'Wet 3');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Setup sheet updated successfully')).toBeInTheDocument();
    const [body] = callsTo(mock, 'PUT', '/api/cars/7/setup-sheet') as SetupSheet[];
    expect(body!.corners.fl).toMatchObject({ camberDeg: -3.2, damper: { highSpeedRebound: 7, lowSpeedBump: null } });
    expect(body!.corners.fr.camberDeg).toBe(-3);
    expect(body!.corners.rr).toMatchObject({ rideHeightMm: 56.5, springRateNmm: 180, camberDeg: null });
    expect(body).toMatchObject({ aero: { rearWingDeg: 12, splitter: null, gurneyMm: null }, differential: { preloadNm: 45 }, electronics: { tcMap: 'Wet 3' }, ballastKg: null, notes: 'Baseline for Sebring' });
    const card = await screen.findByRole('region', { name: 'Setup Sheet' });
    await waitFor(() => expect(cornerCells(card, 'Ride height (mm)')).toEqual(['—', '—', '—', '56.5']));
  });

  it("refuses a number out of the contract's range on its field, without sending it", async () => {
    const mock = stubFetch(routes(() => RECORDED));
    const form = await openForm();
    await userEvent.type(form.getByLabelText('Brake bias (front) (%)'), '120');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('must be from 0 to 100 %')).toBeInTheDocument();
    expect(form.getByLabelText('Brake bias (front) (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(mock, 'PUT', '/api/cars/7/setup-sheet')).toEqual([]);
  });

  it("shows a 400's reason on the field it names, on that field's corner, and toasts it", async () => {
    stubFetch(routes(() => RECORDED, { 'PUT /api/cars/7/setup-sheet': () => json({ message: 'corners rl toeMm: must be from -20 to 20 mm' }, 400) }));
    const form = await openForm();
    await userEvent.click(form.getByRole('tab', { name: 'RL' }));
    await userEvent.type(form.getByLabelText('RL toe (mm)'), '2');
    await userEvent.click(form.getByRole('tab', { name: 'FL' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Failed to update setup sheet: RL toe (mm): must be from -20 to 20 mm')).toBeInTheDocument();
    expect(form.getByRole('tab', { name: 'RL', selected: true })).toBeInTheDocument();
    const toe = form.getByLabelText('RL toe (mm)');
    expect(toe).toHaveAttribute('aria-invalid', 'true');
    expect(toe).toHaveAccessibleDescription(/must be from -20 to 20 mm/);
    await waitFor(() => expect(toe).toHaveFocus());
    // The form stays open with what was typed.
    expect(toe).toHaveValue('2');
  });
});
