import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_RACE_PLAN_INPUT, type PitStopAnswer, type RacePlan, type RunSession } from '@pitwall/contracts';
import { planRace } from '@pitwall/contracts/values';
import { callsTo, json, stubFetch } from '@pitwall/kit/test';
import { AL_KAMEL_RACE, makeMember, makeSession, renderRemote, runSheetGets } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

/** A race under way: no laps yet (the timing file comes after the flag), Aiko (member 2) started. */
const race = makeSession({ type: 'race', name: 'Race', driverMemberId: 2, laps: [], bestLapMs: null, timedLapCount: 0 });
const stop = (stopId: number, inLap: number, fields: Partial<PitStopAnswer> = {}): PitStopAnswer => ({ stopId, inLap, stopMs: null, fuelAddedLitres: null, tireSetId: null, driverMemberId: null, at: null, notes: null, ...fields });
const url = '/api/cars/7/events/3/sessions/21/pit-stops';

/** A saved race plan of 28 laps per stint, nothing else known. */
const plan: RacePlan = { saved: true, ...DEFAULT_RACE_PLAN_INPUT, ...planRace(DEFAULT_RACE_PLAN_INPUT), lapsPerStint: 28 };

/** The run sheet of `session` with a race plan of 28 laps per stint, and the pit stop writes answering it. */
function stub(session: RunSession = race) {
  return stubFetch({
    ...runSheetGets(session, [makeMember(5, 'Zoe Mechanic', 'mechanic'), makeMember(3, 'Ben Okafor'), makeMember(2, 'Aiko Tanaka')]),
    'GET /api/cars/7/events/3/race-plan': () => json(plan),
    [`POST ${url}`]: (body) => json({ ...session, pitStops: [...session.pitStops, { ...stop(40, 0), ...(body as object), stopId: 40 }] }, 201),
    [`PATCH ${url}/31`]: (body) => json({ ...session, pitStops: [{ ...session.pitStops[0]!, ...(body as object) }] }),
    [`DELETE ${url}/31`]: () => json({ ...session, pitStops: [] }),
  });
}

describe("a race's Pit stop sheet", () => {
  it('logs a stop without laps: in lap offered from the plan, driver out (drivers first, by name), fuel, tires fitted, Save', async () => {
    const mock = stub();
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    await userEvent.click(await screen.findByRole('button', { name: 'Pit stop' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Pit stop' }));
    // The plan's 28 laps per stint, from the start.
    await waitFor(() => expect(sheet.getByLabelText('In lap')).toHaveValue('28'));
    expect(sheet.getByLabelText('In lap')).toHaveAttribute('inputmode', 'numeric');
    const driverOut = () => within(sheet.getByRole('group', { name: 'Driver out' }));
    await waitFor(() => expect(driverOut().getAllByRole('radio').map((o) => o.closest('label')!.textContent)).toEqual(['Same driver stays in', 'Aiko Tanaka', 'Ben Okafor', 'Zoe Mechanic']));
    await userEvent.click(driverOut().getByRole('radio', { name: 'Ben Okafor' }));
    await userEvent.type(sheet.getByLabelText('Fuel added (L)'), '60,5');
    await waitFor(() => expect(within(sheet.getByLabelText('Tires fitted')).getAllByRole('option').map((o) => o.textContent)).toContain('Set 4 (on this car, 0 heat cycles)'));
    await userEvent.selectOptions(sheet.getByLabelText('Tires fitted'), '4');
    await userEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(mock, 'POST', url)).toEqual([{ inLap: 28, stopMs: null, fuelAddedLitres: 60.5, tireSetId: 4, driverMemberId: 3, at: expect.any(String), notes: null }]));
    expect(await within(screen.getByRole('list', { name: 'Pit stops' })).findByText(/In on lap 28 · Ben Okafor out · 60.5 L · time not recorded/)).toBeInTheDocument();
  });

  it('refuses an in lap that is not a lap under the field and sends nothing', async () => {
    const mock = stub();
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    await userEvent.click(await screen.findByRole('button', { name: 'Pit stop' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Pit stop' }));
    await userEvent.clear(sheet.getByLabelText('In lap'));
    await userEvent.type(sheet.getByLabelText('In lap'), '0');
    await userEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(await sheet.findByText('Enter the lap the car came in on, 1 or more')).toBeInTheDocument();
    expect(callsTo(mock, 'POST', url)).toEqual([]);
  });

  it('edits a logged stop (PATCH with the fields) and removes one only after asking', async () => {
    const mock = stub({ ...race, pitStops: [stop(31, 30, { driverMemberId: 3, fuelAddedLitres: 60 })] });
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit pit stop in on lap 30' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Edit pit stop, in on lap 30' }));
    expect(sheet.getByLabelText('Fuel added (L)')).toHaveValue('60');
    await userEvent.type(sheet.getByLabelText('Stop time (s)'), '64.2');
    await userEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(mock, 'PATCH', `${url}/31`)).toEqual([{ inLap: 30, stopMs: 64_200, fuelAddedLitres: 60, tireSetId: null, driverMemberId: 3 }]));

    await userEvent.click(screen.getByRole('button', { name: 'Remove pit stop in on lap 30' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the pit stop in on lap 30?' });
    expect(callsTo(mock, 'DELETE', `${url}/31`)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo(mock, 'DELETE', `${url}/31`)).toHaveLength(1));
  });
});

describe('a timing import on a race whose stops were logged', () => {
  it('keeps the logged stops: fills a missing stop time from the file, says which logged value the file gives otherwise and keeps it', async () => {
    localStorage.clear();
    const logged = { ...race, pitStops: [stop(31, 2), stop(32, 4, { stopMs: 70_000, driverMemberId: 3, fuelAddedLitres: 40 })] };
    const mock = stubFetch({
      ...runSheetGets(logged, [makeMember(2, 'Aiko Tanaka'), makeMember(3, 'Ben Okafor')]),
      'PUT /api/cars/7/events/3/sessions/21/laps': () => json(logged),
      [`PATCH ${url}/31`]: () => json(logged),
      [`PATCH ${url}/32`]: () => json(logged),
    });
    // Aiko stops after lap 2 and goes on; Ben takes over after lap 4 (the file's pit time 1:11.002, the pit wall wrote 70 s).
    const file = AL_KAMEL_RACE.slice(0, 6).join('\n');
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
    await userEvent.click(await screen.findByRole('button', { name: 'Import Lap Times' }));
    await userEvent.upload(await screen.findByLabelText('Import file'), new File([file], 'race.csv', { type: 'text/csv' }));
    const preview = await screen.findByRole('region', { name: 'Preview of the imported lap times' }, { timeout: 5000 });
    // The preview says what the file does to the logged stops, and which logged value it gives otherwise.
    const note = within(preview).getByRole('note', { name: 'Logged pit stops' });
    expect(note).toHaveTextContent('The 2 logged pit stops stay; the file fills 1 missing stop time.');
    expect(note).toHaveTextContent("In on lap 4: stop time logged 70.0 s, the file 71.0 s: the logged value stays unless you choose the file's after saving");
    await userEvent.click(within(preview).getByRole('button', { name: 'Use These Laps' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Lap Times' }));
    await waitFor(() => expect(callsTo(mock, 'PATCH', `${url}/31`)).toEqual([{ stopMs: 62_418 }]));
    const differs = await screen.findByRole('alertdialog', { name: 'The timing file differs from the logged pit stops' });
    expect(differs).toHaveTextContent('In on lap 4: stop time logged 70.0 s, the file 71.0 s');
    await userEvent.click(within(differs).getByRole('button', { name: 'Keep the logged ones' }));
    expect(callsTo(mock, 'PATCH', `${url}/32`)).toEqual([]);
    expect(callsTo(mock, 'PUT', '/api/cars/7/events/3/sessions/21/stints')).toEqual([]);
  });
});
