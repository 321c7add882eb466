import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoundResults, Series, SeriesEntry, Standings } from '@pitwall/contracts';
import { callsTo, json, stubFetch } from '@pitwall/kit/test';
import { owner, renderRemote } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const series: Series = {
  id: 3, name: 'GT4 Sprint Cup', season: '2026', classes: ['GT4'], role: 'organiser', myTeams: [],
  rounds: [{ id: 11, name: 'Round 1', location: 'Spa-Francorchamps', date: '2026-04-12', endsOn: '2026-04-12' }], scrutineeringItems: [], joinCodes: [], createdAt: '2026-04-01T09:00:00.000Z',
};
const passport = { makeModel: 'Toyota GR Supra GT4', year: 2024, carClass: 'GT4', color: '#c8102e', engine: null, transmission: null, weight: null, power: null, lastEngineBuild: null, lastTransmissionBuild: null };
const entries: SeriesEntry[] = [
  { id: 31, number: '7', class: 'GT4', teamName: 'Apex Garage Racing', passport: { ...passport, name: 'Supra #7' } },
  { id: 32, number: '007', class: 'GT4', teamName: 'Rival Motorsport', passport: { ...passport, name: 'Supra #007' } },
];
const none: RoundResults = { roundId: 11, results: [], recordedBy: null, recordedAt: null };
const recorded: RoundResults = {
  roundId: 11, recordedBy: 'Olivia Clerk', recordedAt: '2026-04-12T16:05:00.000Z',
  results: [
    { number: '007', class: 'GT4', teamName: 'Rival Motorsport', position: 1, classPosition: 1, laps: 31, gapLaps: 0, bestLapMs: 141_002, status: 'classified', pole: true, points: 25 },
    { number: '7', class: 'GT4', teamName: 'Apex Garage Racing', position: 2, classPosition: null, laps: 29, gapLaps: null, bestLapMs: null, status: 'dnf', pole: false, points: 0 },
  ],
};

/** The organiser's round page before any result: the series, its entries and an empty classification, plus `more` routes. */
const stubRound = (more: Parameters<typeof stubFetch>[0] = {}) =>
  stubFetch({
    'GET /api/auth/user': () => json(owner),
    'GET /api/series/3': () => json(series),
    'GET /api/series/3/entries': () => json(entries),
    'GET /api/series/3/rounds/11/scrutineering': () => json([]),
    'GET /api/series/3/rounds/11/results': () => json(none),
    'GET /api/series/3/rounds/11/bop': () => json([]),
    'GET /api/series/3/rounds/11/timetable': () => json({ seriesId: 3, roundId: 11, startsOn: '2026-04-12', endsOn: '2026-04-12', sessions: [], revisions: [] }),
    'GET /api/series/3/rounds/11/tire-register': () => json({ allocation: { roundId: 11, setsPerCar: null, compound: null }, sets: [] }),
    ...more,
  });

describe('Results and standings', () => {
  it('the organiser types a round\'s classification per car (a car left without a position is not sent)', async () => {
    const fetchMock = stubRound({
      'GET /api/series': () => json([series]),
      'PUT /api/series/3/rounds/11/results': () => json(recorded),
    });
    renderRemote('/series/3/rounds/11');
    const form = await screen.findByRole('form', { name: 'Record Results' });
    expect(within(form).getByLabelText('Position of #007')).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(within(form).getByLabelText('Position of #007'), '1');
    await userEvent.type(within(form).getByLabelText('Laps of #007'), '31');
    await userEvent.type(within(form).getByLabelText('Best lap of #007'), '2:21,002');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Pole for #007' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save Results' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/series/3/rounds/11/results')).toEqual([
        { results: [{ number: '007', position: 1, laps: 31, bestLapMs: 141_002, status: 'classified', pole: true }] },
      ]),
    );
  });

  it("fills the rows from the timing's classification file, names the cars not entered, and saves only on 'Save Results'", async () => {
    let results = none;
    const fetchMock = stubRound({
      'GET /api/series/3/rounds/11/results': () => json(results),
      'POST /api/series/3/rounds/11/results/preview': () => json({
        results: [
          { number: '7', position: 1, laps: 150, bestLapMs: 124_796, status: 'classified', fileClass: 'HYPERCAR', entered: true },
          { number: '8', position: 2, laps: 150, bestLapMs: 124_900, status: 'classified', fileClass: 'HYPERCAR', entered: false },
          { number: '007', position: 3, laps: 149, bestLapMs: 125_943, status: 'classified', fileClass: 'HYPERCAR', entered: true },
        ],
        unmatched: ['8'],
      }),
    });
    const { queryClient } = renderRemote('/series/3/rounds/11');
    const form = await screen.findByRole('form', { name: 'Record Results' });
    await userEvent.upload(within(form).getByLabelText('Classification file'), new File(['NUMBER; LAP_NUMBER; LAP_TIME; ELAPSED;'], 'analysis.csv', { type: 'text/csv' }));
    expect(await within(form).findByText('Read 2 entered cars from analysis.csv: check them and save. Not entered in this series, left out: #8.')).toBeInTheDocument();
    // Another organiser's save arriving (the live stream) leaves the rows read from the file.
    results = recorded;
    await queryClient.invalidateQueries();
    expect(await screen.findByText(/Recorded by Olivia Clerk/)).toBeInTheDocument();
    expect(within(form).getByLabelText('Position of #007')).toHaveValue('3');
    expect(within(form).getByLabelText('Best lap of #7')).toHaveValue('2:04.796');
    expect(callsTo(fetchMock, 'POST', '/api/series/3/rounds/11/results/preview')).toEqual([{ text: 'NUMBER; LAP_NUMBER; LAP_TIME; ELAPSED;' }]);
    expect(callsTo(fetchMock, 'PUT', '/api/series/3/rounds/11/results')).toEqual([]);
  });

  it("keeps what the organiser typed when another organiser's save arrives, and shows that save in the untouched rows", async () => {
    let results = none;
    stubRound({ 'GET /api/series/3/rounds/11/results': () => json(results) });
    const { queryClient } = renderRemote('/series/3/rounds/11');
    const form = await screen.findByRole('form', { name: 'Record Results' });
    await userEvent.type(within(form).getByLabelText('Position of #7'), '3');
    results = { ...recorded, results: recorded.results.filter((r) => r.number === '007') };
    await queryClient.invalidateQueries();
    await waitFor(() => expect(within(form).getByLabelText('Position of #007')).toHaveValue('1'));
    expect(within(form).getByLabelText('Laps of #007')).toHaveValue('31');
    expect(within(form).getByLabelText('Position of #7')).toHaveValue('3');
  });

  it('refuses a best lap that is no lap time beside the field, sending nothing', async () => {
    const fetchMock = stubRound();
    renderRemote('/series/3/rounds/11');
    const form = await screen.findByRole('form', { name: 'Record Results' });
    await userEvent.type(within(form).getByLabelText('Position of #7'), '2');
    await userEvent.type(within(form).getByLabelText('Laps of #7'), '30');
    await userEvent.type(within(form).getByLabelText('Best lap of #7'), 'fast');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Results' }));
    expect(await within(form).findByText("'fast' is not a lap time (write it as 1:42.318, 1.42.318 or 102.318)")).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/series/3/rounds/11/results')).toEqual([]);
  });

  it('a team reads the classification (DNF, pole, best lap) and the standings per class', async () => {
    const standings: Standings = {
      pointsTable: { points: [25, 18, 15], polePoints: 1 },
      classes: [{ class: 'GT4', lines: [
        { position: 1, number: '007', teamName: 'Rival Motorsport', points: 51, wins: 2, seconds: 0, rounds: [] },
        { position: 2, number: '7', teamName: 'Apex Garage Racing', points: 18, wins: 0, seconds: 1, rounds: [] },
      ] }],
    };
    const entrant = { ...series, role: 'entrant' as const, myTeams: [{ teamId: 1, teamName: 'Apex Garage Racing', myRole: 'owner' as const }] };
    stubFetch({
      'GET /api/auth/user': () => json(owner),
      'GET /api/series/3': () => json(entrant),
      'GET /api/series/3/entries': () => json([entries[0]]),
      'GET /api/series/3/rounds/11/scrutineering': () => json([]),
      'GET /api/series/3/rounds/11/results': () => json(recorded),
      'GET /api/series/3/rounds/11/bop': () => json([]),
      'GET /api/series/3/rounds/11/timetable': () => json({ seriesId: 3, roundId: 11, startsOn: '2026-04-12', endsOn: '2026-04-12', sessions: [], revisions: [] }),
      'GET /api/series/3/standings': () => json(standings),
    });
    renderRemote('/series/3/rounds/11');
    const table = await screen.findByRole('table', { name: 'Classification' });
    expect(within(table).getByRole('row', { name: /#007 \(pole\)/ })).toHaveTextContent('GT4 1312:21.00225');
    expect(within(table).getByRole('row', { name: /#7\s*Apex/ })).toHaveTextContent('DNF29');
    expect(screen.queryByRole('form', { name: 'Record Results' })).not.toBeInTheDocument();
    expect(screen.getByText('Recorded by Olivia Clerk, Apr 12, 2026 16:05', { exact: false })).toBeInTheDocument();

    renderRemote('/series/3');
    const gt4 = await screen.findByRole('table', { name: 'GT4' });
    expect(within(gt4).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['1#007Rival Motorsport5120', '2#7Apex Garage Racing1801']);
  });
});
