import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RunSession, SessionTireTemperatures, TeamSettings, TireTemperatureTargetsValue, TreadTemperatures } from '@pitwall/contracts';
import { DEFAULT_TIRE_TEMPERATURE_TARGETS, readTireTemperatures } from '@pitwall/contracts/values';
import { invalidateChange } from '@pitwall/kit';
import { callsTo, json, stubFetch, type StubHandler } from '@pitwall/kit/test';
import { makeRaceEvent, makeSession, raceEventGets, renderRemote } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const laguna = makeRaceEvent();
const RUN_SHEET = '/car/7/events?eventId=3&tab=sessions&session=21';
const PUT_READING = 'PUT /api/cars/7/events/3/sessions/21/tire-temperatures';

/** The worked example (inner, middle, outer °C): FL too little negative camber, FR too much pressure and camber, RL as aimed, RR too little pressure and too much camber. */
const WORKED_EXAMPLE = {
  fl: { innerC: 92, middleC: 86, outerC: 80 },
  fr: { innerC: 85, middleC: 90, outerC: 82 },
  rl: { innerC: 88, middleC: 84, outerC: 81 },
  rr: { innerC: 84, middleC: 80, outerC: 82 },
};

/** A reading as the server answers it: each tire read against `targets` (°C). */
function reading(stint: number | null, corners: Record<'fl' | 'fr' | 'rl' | 'rr', TreadTemperatures>, targets: TireTemperatureTargetsValue = DEFAULT_TIRE_TEMPERATURE_TARGETS): SessionTireTemperatures {
  const read = (t: TreadTemperatures) => ({ ...t, reading: readTireTemperatures(t, targets) });
  return { stint, measuredAt: null, corners: { fl: read(corners.fl), fr: read(corners.fr), rl: read(corners.rl), rr: read(corners.rr) } };
}

/** The same spread `spreadC` (°C) at every corner, about 85 °C. */
const spread = (spreadC: number) => {
  const tire = { innerC: 85 + spreadC / 2, middleC: 85, outerC: 85 - spreadC / 2 };
  return { fl: tire, fr: { ...tire, innerC: tire.innerC + 1 }, rl: tire, rr: tire };
};

/** The GETs of session 21's run sheet in the team's `units`, the car's `targets` (°C) and the sessions at Laguna Seca, plus `extra`. */
function routes(units: Pick<TeamSettings, 'pressureUnit' | 'temperatureUnit'>, session: RunSession, extra: Record<string, StubHandler> = {}, atTrack: RunSession[] = [session]): Record<string, StubHandler> {
  return {
    ...raceEventGets(laguna),
    'GET /api/teams/1/settings': () => json({ teamId: 1, ...units }),
    'GET /api/teams/1/members': () => json([]),
    'GET /api/cars/7/events/3/sessions': () => json([session]),
    [`GET /api/cars/7/tracks/sessions?location=${encodeURIComponent(laguna.location)}`]: () => json(atTrack.map((s) => ({ ...s, eventName: s.eventId === 3 ? laguna.name : 'Winter Test', eventDate: laguna.date }))),
    'GET /api/cars/7/events/3/sessions/21/changes': () => json({ previous: null, entries: [] }),
    'GET /api/cars/7/events/3/change-effects': () => json([]),
    'GET /api/cars/7/tire-temperature-targets': () => json(DEFAULT_TIRE_TEMPERATURE_TARGETS),
    ...extra,
  };
}

describe("a run sheet's 'Tire Temperatures'", () => {
  it('takes a reading in °F on the decimal keypad, Enter moving to the next field, after the stint picked, and sends it in °C', async () => {
    const session = makeSession({
      type: 'race',
      stints: [
        { driverMemberId: 2, fromLap: 1, toLap: 2, fuelAddedLitres: 0, pitStopMs: 0, tireSetId: null, notes: null },
        { driverMemberId: 2, fromLap: 3, toLap: 3, fuelAddedLitres: 10, pitStopMs: 60_000, tireSetId: null, notes: null },
      ],
    });
    const saved = { ...session, tireTemperatures: [reading(2, WORKED_EXAMPLE)] };
    const mock = stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'F' }, session, { [PUT_READING]: () => json(saved) }));
    renderRemote(RUN_SHEET);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Tire Temperatures' }));
    const form = within(await screen.findByRole('form', { name: 'Add Tire Temperatures' }));
    expect(form.getByLabelText('FL inner (°F)')).toHaveAttribute('inputmode', 'decimal');
    await userEvent.selectOptions(form.getByLabelText('Taken'), 'After stint 2 (laps 3–3)');
    await userEvent.click(form.getByLabelText('FL inner (°F)'));
    // 92/86/80, 85/90/82, 88/84/81, 84/80/82 °C in °F, each ended by the keypad's Enter.
    await userEvent.keyboard('197.6{Enter}186.8{Enter}176{Enter}');
    expect(form.getByLabelText('FR inner (°F)')).toHaveFocus();
    await userEvent.keyboard('185{Enter}194{Enter}179.6{Enter}190.4{Enter}183.2{Enter}177.8{Enter}183.2{Enter}176{Enter}179.6');
    expect(form.getByLabelText('RR outer (°F)')).toHaveValue('179.6');
    expect(callsTo(mock, 'PUT', PUT_READING.slice(4))).toEqual([]);
    await userEvent.click(form.getByRole('button', { name: 'Save Tire Temperatures' }));
    await waitFor(() => expect(callsTo(mock, 'PUT', PUT_READING.slice(4))).toEqual([{ corners: WORKED_EXAMPLE, measuredAt: null, stint: 2 }]));
    // The reading saved shows in the team's unit.
    expect(await screen.findByRole('img', { name: 'FL tread: inner 197.6 °F, middle 186.8 °F, outer 176 °F' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'After stint 2' })).toBeInTheDocument();
  });

  it('refuses a field left blank or out of range, naming it in the team unit, and sends nothing', async () => {
    const session = makeSession();
    const mock = stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, session));
    renderRemote(RUN_SHEET);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Tire Temperatures' }));
    const form = within(await screen.findByRole('form', { name: 'Add Tire Temperatures' }));
    // No stints: no picker; the reading is after the run.
    expect(form.queryByLabelText('Taken')).not.toBeInTheDocument();
    await userEvent.type(form.getByLabelText('FL inner (°C)'), '250');
    await userEvent.click(form.getByRole('button', { name: 'Save Tire Temperatures' }));
    expect(await form.findByText('Must be from 0 to 200 °C')).toBeInTheDocument();
    expect(form.getByLabelText('FL inner (°C)')).toHaveAccessibleErrorMessage('Must be from 0 to 200 °C');
    expect(form.getAllByText('Enter the temperature')).toHaveLength(11);
    expect(callsTo(mock, 'PUT', PUT_READING.slice(4))).toEqual([]);
  });

  it("draws the worked example seen from above, each tread's inner edge towards the car's centre, with the words for each tire and the hot pressures in bar", async () => {
    const session = makeSession({ tireTemperatures: [reading(null, WORKED_EXAMPLE)], tirePressures: { cold: null, hot: { fl: 30, fr: 31, rl: 29, rr: 29.5 } } });
    stubFetch(routes({ pressureUnit: 'bar', temperatureUnit: 'C' }, session));
    renderRemote(RUN_SHEET);
    const tires = await screen.findByRole('list', { name: 'Tires seen from above, front at the top' });
    const [fl, fr, rl, rr] = within(tires).getAllByRole('listitem');
    expect(within(fl!).getByRole('img', { name: 'FL tread: inner 92 °C, middle 86 °C, outer 80 °C' })).toHaveTextContent(/^808692$/);
    expect(within(fr!).getByRole('img', { name: 'FR tread: inner 85 °C, middle 90 °C, outer 82 °C' })).toHaveTextContent(/^859082$/);
    expect(within(rl!).getByRole('img')).toHaveTextContent(/^818488$/);
    expect(within(rr!).getByRole('img')).toHaveTextContent(/^848082$/);
    expect(fl).toHaveTextContent('Camber: less negative · Pressure: ok');
    expect(fl).toHaveTextContent('Spread +12 °C · Middle vs edges 0 °C');
    expect(fl).toHaveTextContent('Hot pressure 2.07 bar');
    expect(fr).toHaveTextContent('Camber: more negative · Pressure: lower');
    expect(fr).toHaveTextContent('Spread +3 °C · Middle vs edges +6.5 °C');
    expect(rl).toHaveTextContent('Camber: ok · Pressure: ok');
    expect(rr).toHaveTextContent('Camber: more negative · Pressure: raise');
    expect(rr).toHaveTextContent('Spread +2 °C · Middle vs edges −3 °C');
    expect(rr).toHaveTextContent('Hot pressure 2.03 bar');
    expect(await screen.findByText('Targets: Spread 5–10 °C, middle within ±2 °C of the edges (the defaults).')).toBeInTheDocument();
  });

  it("edits the car's targets in °F, sends them in °C (a field left as shown unchanged), and reads every tire against them at once", async () => {
    const session = makeSession({ tireTemperatures: [reading(1, spread(9)), reading(null, WORKED_EXAMPLE)] });
    const mock = stubFetch(
      routes({ pressureUnit: 'psi', temperatureUnit: 'F' }, session, {
        'PUT /api/cars/7/tire-temperature-targets': (body) => json(body),
      }),
    );
    renderRemote(RUN_SHEET);
    // The last reading shows first; the other is a tap away.
    expect(await screen.findByRole('button', { name: 'After the run', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Reading' })).toHaveTextContent('After stint 1After the run');
    const fl = () => within(screen.getByRole('list', { name: 'Tires seen from above, front at the top' })).getAllByRole('listitem')[0]!;
    expect(fl()).toHaveTextContent('Camber: less negative');
    expect(fl()).toHaveTextContent('Spread +21.6 °F · Middle vs edges 0 °F');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Targets' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Tire Temperature Targets' }));
    expect(form.getByLabelText('Spread at least (°F)')).toHaveValue('9');
    expect(form.getByLabelText('Spread at least (°F)')).toHaveAccessibleDescription('Default 9 °F');
    expect(form.getByLabelText('Middle within ± (°F)')).toHaveValue('3.6');
    await userEvent.clear(form.getByLabelText('Spread at most (°F)'));
    await userEvent.type(form.getByLabelText('Spread at most (°F)'), '27');
    await userEvent.click(form.getByRole('button', { name: 'Save Targets' }));
    await waitFor(() => expect(callsTo(mock, 'PUT', '/api/cars/7/tire-temperature-targets')).toEqual([{ spreadMinC: 5, spreadMaxC: 15, middleToleranceC: 2 }]));
    await waitFor(() => expect(fl()).toHaveTextContent('Camber: ok · Pressure: ok'));
    expect(screen.getByText('Targets: Spread 9–27 °F, middle within ±3.6 °F of the edges.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'After stint 1' }));
    expect(fl()).toHaveTextContent('Spread +16.2 °F');
  });

  it("reads every tire again when a teammate's new targets are heard live", async () => {
    let targets = DEFAULT_TIRE_TEMPERATURE_TARGETS;
    const session = makeSession({ tireTemperatures: [reading(null, WORKED_EXAMPLE)] });
    stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, session, { 'GET /api/cars/7/tire-temperature-targets': () => json(targets) }));
    const { queryClient } = renderRemote(RUN_SHEET);
    expect(await screen.findByText(/^Targets: Spread 5–10 °C/)).toBeInTheDocument();
    targets = { spreadMinC: 1, spreadMaxC: 14, middleToleranceC: 7 };
    await invalidateChange(queryClient, 'TireTemperatureTargetsSet', { teamId: 1, carId: 7 });
    const tires = within(screen.getByRole('list', { name: 'Tires seen from above, front at the top' })).getAllByRole('listitem');
    await waitFor(() => expect(tires.map((t) => within(t).getByText(/^Camber:/).textContent)).toEqual(Array(4).fill('Camber: ok · Pressure: ok')));
    expect(screen.getByText('Targets: Spread 1–14 °C, middle within ±7 °C of the edges.')).toBeInTheDocument();
  });

  it("shows the trend of a corner's spread over the car's sessions at this track, oldest first, from each one's last reading", async () => {
    const current = makeSession({ tireTemperatures: [reading(null, spread(7))] });
    const winter = (id: number, name: string, startedAt: string, tireTemperatures: SessionTireTemperatures[]) => makeSession({ id, name, eventId: 1, startedAt, bestLapMs: 104_000 + id, tireTemperatures });
    // Best lap first, as the API ranks them: the trend puts them in time order and leaves out the session without temperatures.
    const atTrack = [
      current,
      winter(12, 'Test 2', '2026-02-10T13:00:00.000Z', [reading(1, spread(4)), reading(null, spread(11))]),
      winter(11, 'Test 1', '2026-02-10T09:00:00.000Z', [reading(null, spread(12))]),
      winter(13, 'Test 3', '2026-02-11T09:00:00.000Z', []),
    ];
    stubFetch(routes({ pressureUnit: 'psi', temperatureUnit: 'C' }, current, {}, atTrack));
    renderRemote(RUN_SHEET);
    expect(await screen.findByRole('heading', { name: `Spread at ${laguna.location}` })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: `FL spread by session at ${laguna.location}, oldest first: Test 1 (Winter Test) +12 °C, Test 2 (Winter Test) +11 °C, FP1 (Spring Sprint Round 1) +7 °C; target 5–10 °C` })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('group', { name: 'Corner of the spread trend' })).getByRole('button', { name: 'FR' }));
    expect(screen.getByRole('img', { name: `FR spread by session at ${laguna.location}, oldest first: Test 1 (Winter Test) +13 °C, Test 2 (Winter Test) +12 °C, FP1 (Spring Sprint Round 1) +8 °C; target 5–10 °C` })).toBeInTheDocument();
  });
});
