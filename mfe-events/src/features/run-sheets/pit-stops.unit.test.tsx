import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RunSession } from '@pitwall/contracts';
import { callsTo, json, stubFetch } from '@pitwall/kit/test';
import { makeMember, renderRemote, runSheetGets } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

/** A race of 10 laps of 2:00 with Aiko (member 2) on lap 1–10 and no stop yet. */
const race = {
  id: 21, carId: 7, eventId: 3, name: 'Race', type: 'race', startedAt: '2026-03-21T09:10:00.000Z', driverMemberId: 2, driverName: 'Aiko Tanaka',
  airTempC: null, trackTempC: null, weather: null, tireSet: null, tireSetId: null, fuelLitres: 40, notes: null, feedbackTags: [], feedbackText: null,
  bestLapMs: 120_000, timedLapCount: 10, averageBestThreeMs: 120_000, bestSectorsMs: [], theoreticalBestMs: null, setupPosition: '100/7',
  laps: Array.from({ length: 10 }, (_, i) => ({ lapNumber: i + 1, time: '2:00.000', lapTimeMs: 120_000, kind: 'timed', sectorsMs: [], driverName: null })),
  tirePressures: { cold: null, hot: null }, tireTemperatures: [], stints: [], pitStops: [], fuelAtEndLitres: null, fuelPerLapLitres: null, driverTime: [],
} satisfies RunSession;

/** A stint as the PUT sends it. */
const stint = (driverMemberId: number, fromLap: number, toLap: number, fuelAddedLitres: number | null = 0, pitStopMs = 0) => ({ driverMemberId, fromLap, toLap, fuelAddedLitres, pitStopMs, tireSetId: null, notes: null });

function stub(session: RunSession = race) {
  return stubFetch({
    ...runSheetGets(session, [makeMember(2, 'Aiko Tanaka'), makeMember(3, 'Ben Okafor')]),
    'PUT /api/cars/7/events/3/sessions/21/stints': (body) => json({ ...race, stints: (body as { stints: RunSession['stints'] }).stints }),
  });
}

describe('Pit Stop on a session', () => {
  // A race logs its stops as they happen (pit-stop-sheet.unit.test.tsx); a long run in practice enters them whole.
  const longRun = { ...race, type: 'practice' } satisfies RunSession;

  it('refuses a lap the outgoing stint cannot end on, naming In on lap, and sends nothing', async () => {
    const mock = stub(longRun);
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    // The team's members (the drivers to choose from) come after the session.
    await within(await screen.findByLabelText('Driver into the car')).findByRole('option', { name: 'Ben Okafor' });
    await userEvent.selectOptions(screen.getByLabelText('Driver into the car'), 'Ben Okafor');
    await userEvent.type(screen.getByLabelText('In on lap'), '10');
    await userEvent.type(screen.getByLabelText('Fuel added (L)'), '30');
    await userEvent.type(screen.getByLabelText('Stop time (s)'), '61');
    await userEvent.click(screen.getByRole('button', { name: 'Save Pit Stop' }));
    expect(await screen.findByText('Enter a lap from 1 to 9')).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/stints')).toEqual([]);
  });

  it('ends the outgoing stint on the lap and starts the incoming driver’s on the next, to the last lap', async () => {
    const mock = stub(longRun);
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    // The team's members (the drivers to choose from) come after the session.
    await within(await screen.findByLabelText('Driver into the car')).findByRole('option', { name: 'Ben Okafor' });
    await userEvent.selectOptions(screen.getByLabelText('Driver into the car'), 'Ben Okafor');
    await userEvent.type(screen.getByLabelText('In on lap'), '6');
    await userEvent.type(screen.getByLabelText('Fuel added (L)'), '30,5');
    await userEvent.type(screen.getByLabelText('Stop time (s)'), '61.4');
    await userEvent.click(screen.getByRole('button', { name: 'Save Pit Stop' }));
    await waitFor(() => expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/stints')).toEqual([{ stints: [stint(2, 1, 6), stint(3, 7, 10, 30.5, 61_400)] }]));
  });

  it('takes the stints from a timing import whose laps name the drivers', async () => {
    const named = { ...race, laps: race.laps.map((l) => ({ ...l, driverName: l.lapNumber <= 4 ? 'TANAKA Aiko' : 'OKAFOR Ben' })) };
    const mock = stub(named);
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    expect(await screen.findByText('The lap times name the drivers: Aiko Tanaka laps 1–4, Ben Okafor laps 5–10.')).toBeInTheDocument();
    // The file says nothing of the fuel added at the stop: it is not recorded, not 0 L.
    await userEvent.click(screen.getByRole('button', { name: 'Take Stints from the Timing Import' }));
    await waitFor(() => expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/stints')).toEqual([{ stints: [stint(2, 1, 4), stint(3, 5, 10, null)] }]));
  });
});

describe('Saved stints on Pit Stops', () => {
  const stopped = { ...race, stints: [stint(2, 1, 6), stint(3, 7, 10, 30, 61_000)] };

  it('corrects a stint: Edit, change the litres added, Save Stint sends the whole list', async () => {
    const mock = stub(stopped);
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit stint 2' }));
    const form = within(screen.getByRole('group', { name: 'Stint 2' }));
    await userEvent.clear(form.getByLabelText('Fuel added (L)'));
    await userEvent.type(form.getByLabelText('Fuel added (L)'), '32,5');
    await userEvent.click(form.getByRole('button', { name: 'Save Stint' }));
    await waitFor(() => expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/stints')).toEqual([{ stints: [stint(2, 1, 6), stint(3, 7, 10, 32.5, 61_000)] }]));
  });

  it('records the tires fitted at a stop: Edit, Tires fitted, Save Stint sends the set with the stint and the list names it', async () => {
    const mock = stub(stopped);
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit stint 2' }));
    const form = within(screen.getByRole('group', { name: 'Stint 2' }));
    await waitFor(() => expect(within(form.getByLabelText('Tires fitted')).getAllByRole('option').map((o) => o.textContent)).toContain('Set 4 (on this car, 0 heat cycles)'));
    expect(form.getByLabelText('Tires fitted')).toHaveValue('');
    await userEvent.selectOptions(form.getByLabelText('Tires fitted'), '4');
    await userEvent.click(form.getByRole('button', { name: 'Save Stint' }));
    await waitFor(() => expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/stints')).toEqual([{ stints: [stint(2, 1, 6), { ...stint(3, 7, 10, 30, 61_000), tireSetId: 4 }] }]));
    expect(await within(screen.getByRole('list', { name: 'Stints' })).findByText('Tires: Set 4')).toBeInTheDocument();
  });

  it('refuses an edit whose laps overlap another stint under From lap, sending nothing', async () => {
    const mock = stub(stopped);
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit stint 2' }));
    const form = within(screen.getByRole('group', { name: 'Stint 2' }));
    await userEvent.clear(form.getByLabelText('From lap'));
    await userEvent.type(form.getByLabelText('From lap'), '5');
    await userEvent.click(form.getByRole('button', { name: 'Save Stint' }));
    expect(await form.findByText('Laps 5–10 overlap another stint')).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/stints')).toEqual([]);
  });

  it('removes a stint only after the confirmation, sending the list without it', async () => {
    const mock = stub(stopped);
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove stint 2' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove stint 2?' });
    expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/stints')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/stints')).toEqual([{ stints: [stint(2, 1, 6)] }]));
  });

  it('says the fuel added was not recorded instead of counting it as none, and Edit fills it in', async () => {
    const unknown = { ...race, fuelAtEndLitres: 12, stints: [stint(2, 1, 6), stint(3, 7, 10, null, 61_000)] };
    const mock = stub(unknown);
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    expect(await screen.findByText(/fuel not recorded · stop 61\.0 s/)).toBeInTheDocument();
    expect(screen.getByText('Fuel per lap as run: needs the litres added at every stop (Edit the stints marked fuel not recorded).')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit stint 2' }));
    const form = within(screen.getByRole('group', { name: 'Stint 2' }));
    expect(form.getByLabelText('Fuel added (L)')).toHaveValue('');
    await userEvent.type(form.getByLabelText('Fuel added (L)'), '30');
    await userEvent.click(form.getByRole('button', { name: 'Save Stint' }));
    await waitFor(() => expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/stints')).toEqual([{ stints: [stint(2, 1, 6), stint(3, 7, 10, 30, 61_000)] }]));
  });
});
