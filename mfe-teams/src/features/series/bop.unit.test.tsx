import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bop, RoundResults, Series, SeriesEntry } from '@pitwall/contracts';
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
const bop7: Bop = {
  roundId: 11, entryId: 31, number: '7', class: 'GT4', ballastKg: 15, restrictorMm: 36, minWeightKg: 1250, notes: 'Success ballast', setBy: 'Olivia Clerk', setAt: '2026-04-10T08:00:00.000Z',
};

const stubRound = (s: Series, list: Bop[], more: Parameters<typeof stubFetch>[0] = {}) =>
  stubFetch({
    'GET /api/auth/user': () => json(owner),
    'GET /api/series': () => json([s]),
    'GET /api/series/3': () => json(s),
    'GET /api/series/3/entries': () => json(s.role === 'organiser' ? entries : [entries[0]]),
    'GET /api/series/3/rounds/11/scrutineering': () => json([]),
    'GET /api/series/3/rounds/11/results': () => json(none),
    'GET /api/series/3/rounds/11/bop': () => json(list),
    'GET /api/series/3/rounds/11/timetable': () => json({ seriesId: 3, roundId: 11, startsOn: '2026-04-12', endsOn: '2026-04-12', sessions: [], revisions: [] }),
    ...more,
  });

describe('Balance of Performance', () => {
  it("the organiser sees every car's BoP and edits one car's (decimal keypad, comma decimals, empty restrictor for none)", async () => {
    const fetchMock = stubRound(series, [bop7], {
      'PUT /api/series/3/rounds/11/entries/32/bop': () => json({ ...bop7, entryId: 32, number: '007', ballastKg: 22.5, restrictorMm: null, minWeightKg: 1270, notes: null }),
    });
    renderRemote('/series/3/rounds/11');
    expect(await screen.findByRole('heading', { name: 'Balance of Performance' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'BoP per car' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('#7 Supra #7');
    expect(rows[0]).toHaveTextContent('Ballast15 kgRestrictor36 mmMin weight1,250 kg');
    expect(rows[0]).toHaveTextContent('Set by Olivia Clerk, Apr 10, 2026');
    expect(rows[1]).toHaveTextContent('No BoP set');

    await userEvent.click(within(list).getByRole('button', { name: 'Edit BoP of #007' }));
    const form = await screen.findByRole('form', { name: 'BoP of #007' });
    const ballast = within(form).getByLabelText('Ballast (kg)');
    expect(ballast).toHaveAttribute('inputmode', 'decimal');
    expect(within(form).getByLabelText('Restrictor (mm)')).toHaveAttribute('inputmode', 'decimal');
    await userEvent.clear(ballast);
    await userEvent.type(ballast, '22,5');
    await userEvent.type(within(form).getByLabelText('Minimum weight (kg)'), '1270');
    await userEvent.click(within(form).getByRole('button', { name: 'Save BoP' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/series/3/rounds/11/entries/32/bop')).toEqual([{ ballastKg: 22.5, restrictorMm: null, minWeightKg: 1270, notes: null }]),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'BoP of #007' })).not.toBeInTheDocument());
  });

  it('refuses a value out of range beside its field, sending nothing', async () => {
    const fetchMock = stubRound(series, []);
    renderRemote('/series/3/rounds/11');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit BoP of #7' }));
    const form = await screen.findByRole('form', { name: 'BoP of #7' });
    await userEvent.clear(within(form).getByLabelText('Ballast (kg)'));
    await userEvent.type(within(form).getByLabelText('Ballast (kg)'), '250');
    await userEvent.type(within(form).getByLabelText('Restrictor (mm)'), '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save BoP' }));
    expect(await within(form).findByText('Ballast must be a number from 0 to 200 kg')).toBeInTheDocument();
    expect(within(form).getByText('Restrictor must be a number from 10 to 100 mm, or empty for none')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/series/3/rounds/11/entries/31/bop')).toEqual([]);
  });

  it("a team reads its own cars' BoP on the round page, without an edit button", async () => {
    const entrant = { ...series, role: 'entrant' as const, myTeams: [{ teamId: 1, teamName: 'Apex Garage Racing', myRole: 'owner' as const }] };
    stubRound(entrant, [bop7]);
    renderRemote('/series/3/rounds/11');
    const list = await screen.findByRole('list', { name: 'BoP per car' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('#7GT4Ballast15 kgRestrictor36 mmMin weight1,250 kgSuccess ballastSet by Olivia Clerk');
    expect(screen.queryByRole('button', { name: /Edit BoP/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /BoP of/ })).not.toBeInTheDocument();
  });
});
