import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Suspension, TeamUnits, TirePressures } from '@pitwall/contracts';
import { ToastProvider, Toaster } from '@pitwall/kit';
import { GearRatiosForm, SetupForm, SuspensionForm, TirePressuresForm } from './index';

const PSI: TeamUnits = { pressureUnit: 'psi', temperatureUnit: 'C' };
const BAR: TeamUnits = { pressureUnit: 'bar', temperatureUnit: 'C' };

function withToasts(ui: ReactNode) {
  return render(
    <ToastProvider>
      {ui}
      <Toaster />
    </ToastProvider>,
  );
}

const row = (id: number, condition: string, frontLeft: string, frontRight: string, rearLeft: string, rearRight: string) => ({ id, carId: 7, eventId: null, condition, frontLeft, frontRight, rearLeft, rearRight, notes: null, own: true });
const PRESSURES: TirePressures = {
  items: [row(1, 'Dry (Cold)', '28 psi', '28 psi', '27 psi', '27 psi'), row(2, 'Dry (Hot Target)', '34 psi', '33.50 psi', '2.31 bar', '33 psi')],
  notes: 'Toyo R888R',
};
// The demo season's MX-5, with a rear ride height that is not one number.
const SUSPENSION: Suspension = { id: 1, carId: 7, eventId: null, ownFields: [], notes: 'Corner-weighted', frontRideHeight: '120mm', frontSpringRate: '78 N/mm', frontDamperSetting: '8/6', frontCamber: '-2.8°',
  frontToe: '0.0mm', frontAntiRollBar: 'Medium', rearRideHeight: '125mm front, 127 rear', rearSpringRate: '59 N/mm', rearDamperSetting: '6/5', rearCamber: '-2.0°', rearToe: '1.5mm (in)', rearAntiRollBar: 'Soft' };

/** Taps a field (selecting its text) and types `text` over it, as a mechanic would. */
async function replace(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.keyboard(text);
}

describe('TirePressuresForm', () => {
  it('shows each corner as a number in the team unit with the unit beside it and the previous value', async () => {
    withToasts(<TirePressuresForm initial={PRESSURES} units={PSI} onSave={vi.fn()} onDone={vi.fn()} />);
    const hot = within(screen.getByRole('group', { name: 'Condition 2' }));
    const frontLeft = hot.getByLabelText('Front Left');
    expect(frontLeft).toHaveValue('34');
    expect(frontLeft).toHaveAttribute('inputmode', 'decimal');
    expect(frontLeft).toHaveAccessibleDescription('psi was 34 psi');
    // a stored bar value shows converted into the team's psi (1 bar = 14.5038 psi), its 'was' as stored
    expect(hot.getByLabelText('Rear Left')).toHaveValue('33.5');
    expect(hot.getByText('was 2.31 bar')).toBeInTheDocument();
  });

  it('selects the whole value on focus, so the digits replace it; untouched corners keep their stored text exactly', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const onDone = vi.fn();
    withToasts(<TirePressuresForm initial={PRESSURES} units={PSI} onSave={onSave} onDone={onDone} />);
    const hot = within(screen.getByRole('group', { name: 'Condition 2' }));
    await replace(hot.getByLabelText('Front Left'), '35.5');
    expect(hot.getByLabelText('Front Left')).toHaveValue('35.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tire pressures updated successfully')).toBeInTheDocument();
    expect(onSave).toHaveBeenCalledWith({
      items: [
        { condition: 'Dry (Cold)', frontLeft: '28 psi', frontRight: '28 psi', rearLeft: '27 psi', rearRight: '27 psi' },
        { condition: 'Dry (Hot Target)', frontLeft: '35.5 psi', frontRight: '33.50 psi', rearLeft: '2.31 bar', rearRight: '33 psi' },
      ],
      notes: 'Toyo R888R',
    });
    expect(onDone).toHaveBeenCalled();
  });

  it("the keypad's next key (Enter) moves to the next corner with its text selected, without saving", async () => {
    const onSave = vi.fn();
    withToasts(<TirePressuresForm initial={PRESSURES} units={PSI} onSave={onSave} onDone={vi.fn()} />);
    const hot = within(screen.getByRole('group', { name: 'Condition 2' }));
    await replace(hot.getByLabelText('Front Left'), '35.5{Enter}');
    expect(hot.getByLabelText('Front Right')).toHaveFocus();
    await userEvent.keyboard('35{Enter}');
    expect(hot.getByLabelText('Front Right')).toHaveValue('35');
    expect(hot.getByLabelText('Rear Left')).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('drops the default rows left entirely empty; a partly filled row shows the spec messages', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    withToasts(<TirePressuresForm initial={{ items: [], notes: null }} units={PSI} onSave={onSave} onDone={vi.fn()} />);
    expect(screen.getAllByLabelText('Condition').map((el) => (el as HTMLInputElement).value)).toEqual(['Dry (Cold)', 'Dry (Hot Target)', 'Wet (Cold)']);
    expect(screen.getAllByLabelText('Front Left')[0]).toHaveAttribute('placeholder', '24.5 psi');
    const hot = within(screen.getByRole('group', { name: 'Condition 2' }));
    await replace(hot.getByLabelText('Front Left'), '34');
    await replace(hot.getByLabelText('Rear Right'), '33');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await hot.findByText('Front right pressure is required')).toBeInTheDocument();
    expect(hot.getByText('Rear left pressure is required')).toBeInTheDocument();
    expect(screen.queryByText('Front left pressure is required')).not.toBeInTheDocument();
    expect(hot.getByLabelText('Front Right')).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
    await replace(hot.getByLabelText('Front Right'), '34');
    await replace(hot.getByLabelText('Rear Left'), '33,5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ items: [{ condition: 'Dry (Hot Target)', frontLeft: '34 psi', frontRight: '34 psi', rearLeft: '33.5 psi', rearRight: '33 psi' }], notes: null }),
    );
  });

  it('a row with a typed condition and no pressures is not dropped', async () => {
    withToasts(<TirePressuresForm initial={{ items: [], notes: null }} units={PSI} onSave={vi.fn()} onDone={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Condition' }));
    await userEvent.type(screen.getAllByLabelText('Condition')[3]!, 'Wet (Hot)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const added = within(screen.getByRole('group', { name: 'Condition 4' }));
    expect(await added.findByText('Front left pressure is required')).toBeInTheDocument();
    expect(added.getByText('Rear right pressure is required')).toBeInTheDocument();
  });

  it('in a bar team shows and stores bar; a stored psi value it does not touch stays psi', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    withToasts(<TirePressuresForm initial={{ items: [row(1, 'Dry (Cold)', '30 psi', '2.1 bar', '2.0 bar', '2.0 bar')], notes: null }} units={BAR} onSave={onSave} onDone={vi.fn()} />);
    expect(screen.getByLabelText('Front Left')).toHaveValue('2.07');
    expect(screen.getByLabelText('Front Left')).toHaveAttribute('placeholder', '1.70 bar');
    expect(screen.getByLabelText('Front Left')).toHaveAccessibleDescription('bar was 30 psi');
    await replace(screen.getByLabelText('Front Right'), '2.2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ items: [{ condition: 'Dry (Cold)', frontLeft: '30 psi', frontRight: '2.2 bar', rearLeft: '2.0 bar', rearRight: '2.0 bar' }], notes: null }));
  });

  it("says 'must be a number' for text in a number field, and toasts the server's refusal and stays open", async () => {
    const onSave = vi.fn().mockRejectedValue(new Error('Car not found'));
    const onDone = vi.fn();
    withToasts(<TirePressuresForm initial={PRESSURES} units={PSI} onSave={onSave} onDone={onDone} />);
    const cold = within(screen.getByRole('group', { name: 'Condition 1' }));
    await replace(cold.getByLabelText('Front Left'), 'high');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await cold.findByText('Front Left must be a number in psi')).toBeInTheDocument();
    // the refused field has the focus with its text selected: the digits replace it
    expect(cold.getByLabelText('Front Left')).toHaveFocus();
    await userEvent.keyboard('29');
    expect(cold.getByLabelText('Front Left')).toHaveValue('29');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update tire pressures: Car not found');
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('forms opened on cached data (paddock mode: the fresh answer arrives after the form opened)', () => {
  const fresher: TirePressures = { ...PRESSURES, items: [PRESSURES.items[0]!, { ...PRESSURES.items[1]!, frontLeft: '35.5 psi' }] };
  const freshest: TirePressures = { ...PRESSURES, items: [PRESSURES.items[0]!, { ...PRESSURES.items[1]!, frontLeft: '36 psi', frontRight: '36 psi' }] };

  it('an untouched form takes the fresh values, so it never sends the old ones back', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const view = withToasts(<TirePressuresForm initial={PRESSURES} units={PSI} onSave={onSave} onDone={vi.fn()} />);
    view.rerender(
      <ToastProvider>
        <TirePressuresForm initial={fresher} units={PSI} onSave={onSave} onDone={vi.fn()} />
        <Toaster />
      </ToastProvider>,
    );
    const hot = within(screen.getByRole('group', { name: 'Condition 2' }));
    expect(hot.getByLabelText('Front Left')).toHaveValue('35.5');
    await replace(hot.getByLabelText('Rear Right'), '32');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tire pressures updated successfully')).toBeInTheDocument();
    expect(onSave.mock.calls[0]![0].items[1]).toMatchObject({ frontLeft: '35.5 psi', rearRight: '32 psi' });
  });

  it('once the user has changed something, the form keeps what they entered', async () => {
    const view = withToasts(<TirePressuresForm initial={PRESSURES} units={PSI} onSave={vi.fn()} onDone={vi.fn()} />);
    const hot = () => within(screen.getByRole('group', { name: 'Condition 2' }));
    await replace(hot().getByLabelText('Front Left'), '30');
    view.rerender(
      <ToastProvider>
        <TirePressuresForm initial={freshest} units={PSI} onSave={vi.fn()} onDone={vi.fn()} />
        <Toaster />
      </ToastProvider>,
    );
    expect(hot().getByLabelText('Front Left')).toHaveValue('30');
    expect(hot().getByLabelText('Front Right')).toHaveValue('33.50');
  });

  it("'Edit Setup' follows fresh tire pressures and suspension until edited", () => {
    const props = { units: PSI, onSaveTirePressures: vi.fn(), onSaveSuspension: vi.fn(), onDone: vi.fn() };
    const view = withToasts(<SetupForm tirePressures={PRESSURES} suspension={SUSPENSION} {...props} />);
    view.rerender(
      <ToastProvider>
        <SetupForm tirePressures={fresher} suspension={{ ...SUSPENSION, frontCamber: '-3.1°' }} {...props} />
        <Toaster />
      </ToastProvider>,
    );
    expect(within(screen.getByRole('group', { name: 'Condition 2' })).getByLabelText('Front Left')).toHaveValue('35.5');
    expect(screen.getByLabelText('Front Camber')).toHaveValue('3.1');
  });
});

describe('SuspensionForm', () => {
  it('ride heights, spring rates and cambers are numbers with their unit; damper, toe and anti-roll bar stay text', () => {
    withToasts(<SuspensionForm initial={SUSPENSION} units={PSI} onSave={vi.fn()} onDone={vi.fn()} />);
    const front = within(screen.getByRole('group', { name: 'Front' }));
    expect(front.getByLabelText('Front Ride Height')).toHaveValue('120');
    expect(front.getByLabelText('Front Ride Height')).toHaveAccessibleDescription('mm was 120mm');
    expect(front.getByLabelText('Front Spring Rate')).toHaveAccessibleDescription('N/mm was 78 N/mm');
    expect(front.getByLabelText('Front Camber')).toHaveValue('2.8');
    expect(front.getByRole('button', { name: 'Make Front Camber positive' })).toHaveTextContent('−');
    for (const label of ['Front Ride Height', 'Front Spring Rate', 'Front Camber']) expect(front.getByLabelText(label)).toHaveAttribute('inputmode', 'decimal');
    for (const label of ['Front Damper Setting (Comp/Reb)', 'Front Toe', 'Front Anti-Roll Bar']) expect(front.getByLabelText(label)).toHaveAttribute('inputmode', 'text');
    // a stored value that is not a number of its kind is edited as text, as stored
    expect(screen.getByLabelText('Rear Ride Height')).toHaveValue('125mm front, 127 rear');
    expect(screen.getByLabelText('Rear Ride Height')).toHaveAttribute('inputmode', 'text');
  });

  it('typing digits over a camber keeps its sign; ± flips it; untouched fields keep their stored text', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    withToasts(<SuspensionForm initial={SUSPENSION} units={PSI} onSave={onSave} onDone={vi.fn()} />);
    await replace(screen.getByLabelText('Front Camber'), '3.1');
    await replace(screen.getByLabelText('Rear Camber'), '0.5');
    await userEvent.click(screen.getByRole('button', { name: 'Make Rear Camber positive' }));
    expect(screen.getByRole('button', { name: 'Make Rear Camber negative' })).toHaveTextContent('+');
    await replace(screen.getByLabelText('Front Ride Height'), '118');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Suspension settings updated successfully')).toBeInTheDocument();
    expect(onSave).toHaveBeenCalledWith({
      frontRideHeight: '118 mm',
      frontSpringRate: '78 N/mm',
      frontDamperSetting: '8/6',
      frontCamber: '-3.1°',
      frontToe: '0.0mm',
      frontAntiRollBar: 'Medium',
      rearRideHeight: '125mm front, 127 rear',
      rearSpringRate: '59 N/mm',
      rearDamperSetting: '6/5',
      rearCamber: '0.5°',
      rearToe: '1.5mm (in)',
      rearAntiRollBar: 'Soft',
      notes: 'Corner-weighted',
    });
  });

  it('an empty camber starts negative; a typed minus (desktop keyboards) also sets it', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    withToasts(<SuspensionForm initial={null} units={PSI} onSave={onSave} onDone={vi.fn()} />);
    expect(screen.getByLabelText('Front Camber')).toHaveAttribute('placeholder', '-3.2°');
    await replace(screen.getByLabelText('Front Camber'), '3.2');
    await userEvent.click(screen.getByLabelText('Rear Camber'));
    await userEvent.click(screen.getByRole('button', { name: 'Make Rear Camber positive' }));
    await replace(screen.getByLabelText('Rear Camber'), '-1.5°');
    await userEvent.type(screen.getByLabelText('Front Toe'), '1.2mm (out)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ frontCamber: '-3.2°', rearCamber: '-1.5°', frontToe: '1.2mm (out)', frontRideHeight: null, notes: null })));
  });

  it("refuses text in a number field with '… must be a number in mm'", async () => {
    const onSave = vi.fn();
    withToasts(<SuspensionForm initial={SUSPENSION} units={PSI} onSave={onSave} onDone={vi.fn()} />);
    await replace(screen.getByLabelText('Front Ride Height'), 'low');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Front Ride Height must be a number in mm')).toBeInTheDocument();
    expect(screen.getByLabelText('Front Ride Height')).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe("SetupForm ('Edit Setup')", () => {
  it('saves only the sections that changed, with one Save, and toasts both', async () => {
    const onSaveTirePressures = vi.fn().mockResolvedValue(undefined);
    const onSaveSuspension = vi.fn().mockResolvedValue(undefined);
    const onDone = vi.fn();
    withToasts(
      <SetupForm tirePressures={PRESSURES} suspension={SUSPENSION} units={PSI} onSaveTirePressures={onSaveTirePressures} onSaveSuspension={onSaveSuspension} onDone={onDone} />,
    );
    const form = within(screen.getByRole('form', { name: 'Edit Setup' }));
    expect(form.getByRole('heading', { name: 'Tire Pressures' })).toBeInTheDocument();
    expect(form.getByRole('heading', { name: 'Suspension & Alignment' })).toBeInTheDocument();
    await replace(form.getByLabelText('Front Camber'), '3.0');
    await userEvent.click(form.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Suspension settings updated successfully')).toBeInTheDocument();
    expect(onSaveTirePressures).not.toHaveBeenCalled();
    expect(onSaveSuspension).toHaveBeenCalledWith(expect.objectContaining({ frontCamber: '-3.0°', rearCamber: '-2.0°' }));
    expect(onDone).toHaveBeenCalled();
  });

  it('a refused suspension keeps the form open; the retry does not send the saved tire pressures again', async () => {
    const onSaveTirePressures = vi.fn().mockResolvedValue(undefined);
    const onSaveSuspension = vi.fn().mockRejectedValueOnce(new Error('frontCamber: must be at most 50 characters')).mockResolvedValue(undefined);
    const onDone = vi.fn();
    withToasts(
      <SetupForm tirePressures={PRESSURES} suspension={SUSPENSION} units={PSI} onSaveTirePressures={onSaveTirePressures} onSaveSuspension={onSaveSuspension} onDone={onDone} />,
    );
    await replace(within(screen.getByRole('group', { name: 'Condition 2' })).getByLabelText('Front Left'), '35');
    await replace(screen.getByLabelText('Front Camber'), '3.0');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update suspension settings: frontCamber: must be at most 50 characters');
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Suspension settings updated successfully')).toBeInTheDocument();
    expect(onSaveTirePressures).toHaveBeenCalledTimes(1);
    expect(onSaveSuspension).toHaveBeenCalledTimes(2);
    expect(onDone).toHaveBeenCalled();
  });
});

describe('refilled forms (e.g. Start from <previous race event>)', () => {
  it('SetupForm saves a refilled section that differs from what is stored, even untouched, and shows the header', async () => {
    const onSaveTirePressures = vi.fn().mockResolvedValue(undefined);
    const onSaveSuspension = vi.fn().mockResolvedValue(undefined);
    withToasts(
      <SetupForm
        header={<p>Started from Spring Sprint Round 1</p>}
        tirePressures={PRESSURES}
        savedTirePressures={{ items: [], notes: null }}
        suspension={SUSPENSION}
        units={PSI}
        onSaveTirePressures={onSaveTirePressures}
        onSaveSuspension={onSaveSuspension}
        onDone={vi.fn()}
      />,
    );
    expect(screen.getByText('Started from Spring Sprint Round 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Tire pressures updated successfully')).toBeInTheDocument();
    expect(onSaveTirePressures).toHaveBeenCalledWith(expect.objectContaining({ notes: 'Toyo R888R', items: expect.arrayContaining([expect.objectContaining({ rearLeft: '2.31 bar' })]) }));
    expect(onSaveSuspension).not.toHaveBeenCalled();
  });
});

describe('GearRatiosForm', () => {
  it('prefills 1st..6th and Final Drive and saves the rows through onSave', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    withToasts(<GearRatiosForm rows={[]} onSave={onSave} onDone={vi.fn()} />);
    expect(screen.getAllByLabelText('Gear').map((el) => (el as HTMLInputElement).value)).toEqual(['1st', '2nd', '3rd', '4th', '5th', '6th', 'Final Drive']);
    for (let i = 1; i < 7; i++) await userEvent.click(screen.getByRole('button', { name: `Remove ${['2nd', '3rd', '4th', '5th', '6th', 'Final Drive'][i - 1]}` }));
    await userEvent.type(screen.getByLabelText('Ratio'), '3.136');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gear ratios updated successfully')).toBeInTheDocument();
    expect(onSave).toHaveBeenCalledWith([expect.objectContaining({ name: '1st', ratio: '3.136' })]);
  });

  it('takes fresh rows that arrive after it opened, until the user edits', async () => {
    const gear = (id: number, name: string, ratio: string) => ({ id, carId: 7, eventId: null, name, ratio, speedAtMaxRpm: null, notes: null, own: true });
    const cached = [gear(1, '1st', '3.136'), gear(2, 'Final Drive', '4.1')];
    const fresh = [gear(1, '1st', '3.200'), gear(2, 'Final Drive', '4.1')];
    const rerender = (rows: typeof cached) =>
      view.rerender(
        <ToastProvider>
          <GearRatiosForm rows={rows} onSave={vi.fn()} onDone={vi.fn()} />
          <Toaster />
        </ToastProvider>,
      );
    const view = withToasts(<GearRatiosForm rows={cached} onSave={vi.fn()} onDone={vi.fn()} />);
    rerender(fresh);
    await waitFor(() => expect(screen.getAllByLabelText('Ratio')[0]).toHaveValue('3.200'));
    await userEvent.clear(screen.getAllByLabelText('Ratio')[1]!);
    await userEvent.type(screen.getAllByLabelText('Ratio')[1]!, '4.3');
    rerender([gear(1, '1st', '3.300'), gear(2, 'Final Drive', '4.1')]);
    expect(screen.getAllByLabelText('Ratio').map((el) => (el as HTMLInputElement).value)).toEqual(['3.200', '4.3']);
  });
});

describe('a field a teammate changed while the form is being edited', () => {
  /** Renders `form`, and re-renders it as the refetch after a teammate's save does. */
  function renderRefreshed(form: (version: 'opened' | 'refetched') => ReactNode) {
    const view = withToasts(form('opened'));
    return () =>
      view.rerender(
        <ToastProvider>
          {form('refetched')}
          <Toaster />
        </ToastProvider>,
      );
  }

  it("shows a teammate's tire pressure beside the corner and keeps what the user typed", async () => {
    const refetched: TirePressures = { ...PRESSURES, items: [PRESSURES.items[0]!, { ...PRESSURES.items[1]!, frontRight: '34.5 psi' }] };
    const refresh = renderRefreshed((version) => <TirePressuresForm initial={version === 'opened' ? PRESSURES : refetched} units={PSI} onSave={vi.fn()} onDone={vi.fn()} />);
    const hot = within(screen.getByRole('group', { name: 'Condition 2' }));
    await replace(hot.getByLabelText('Front Left'), '35');
    refresh();
    expect(hot.getByText(/^A teammate set 34\.5 psi at \d{2}:\d{2}; was 33\.50 psi$/)).toBeInTheDocument();
    expect(hot.getByLabelText('Front Left')).toHaveValue('35');
  });

  it("shows a teammate's gear ratio beside the row's Ratio and keeps what the user typed", async () => {
    const gear = (id: number, name: string, ratio: string) => ({ id, carId: 7, eventId: null, name, ratio, speedAtMaxRpm: null, notes: null, own: true });
    const opened = [gear(1, '1st', '3.136'), gear(2, 'Final Drive', '4.1')];
    const refetched = [gear(1, '1st', '3.136'), gear(2, 'Final Drive', '4.3')];
    const refresh = renderRefreshed((version) => <GearRatiosForm rows={version === 'opened' ? opened : refetched} onSave={vi.fn()} onDone={vi.fn()} />);
    await userEvent.type(screen.getAllByLabelText('Ratio')[0]!, '5');
    refresh();
    expect(await screen.findByText(/^A teammate set 4\.3 at \d{2}:\d{2}; was 4\.1$/)).toBeInTheDocument();
    expect(screen.getAllByLabelText('Ratio').map((el) => (el as HTMLInputElement).value)).toEqual(['3.1365', '4.1']);
  });
});
