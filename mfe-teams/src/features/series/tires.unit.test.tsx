import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoundResults, Series, SeriesEntry, TireRegister, TireSet } from '@pitwall/contracts';
import { callsTo, json, stubFetch } from '@pitwall/kit/test';
import { owner, renderRemote } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const round = { id: 11, name: 'Round 1', location: 'Spa-Francorchamps', date: '2026-04-12' };
const organiserView: Series = {
  id: 3, name: 'GT4 Sprint Cup', season: '2026', classes: ['GT4'], role: 'organiser', myTeams: [], rounds: [{ ...round, endsOn: round.date }], scrutineeringItems: [], joinCodes: [], createdAt: '2026-04-01T09:00:00.000Z',
};
const teamView: Series = { ...organiserView, role: 'entrant', myTeams: [{ teamId: 1, teamName: 'Apex Garage Racing', myRole: 'owner' }] };
const passport = { makeModel: 'Toyota GR Supra GT4', year: 2024, carClass: 'GT4', color: '#c8102e', engine: null, transmission: null, weight: null, power: null, lastEngineBuild: null, lastTransmissionBuild: null };
const entry: SeriesEntry = { id: 31, number: '7', class: 'GT4', teamName: 'Apex Garage Racing', passport: { ...passport, name: 'Supra #7' } };
const none: RoundResults = { roundId: 11, results: [], recordedBy: null, recordedAt: null };
const allocation = { roundId: 11, setsPerCar: 8, compound: 'Hankook Z214' };
const register: TireRegister = {
  allocation,
  sets: [
    { entryId: 31, number: '7', class: 'GT4', barcode: 'HK-1001', registeredAt: '2026-04-11T08:00:00.000Z', tireSetId: null, tireSetName: null },
    { entryId: 32, number: '12', class: 'GT4', barcode: 'HK-2001', registeredAt: '2026-04-11T08:05:00.000Z', tireSetId: null, tireSetName: null },
  ],
};
const tireSet = (id: number, name: string, barcode: string | null): TireSet => ({
  id, teamId: 1, name, manufacturer: 'Hankook', compound: 'Z214', size: null, dotCodes: { fl: null, fr: null, rl: null, rr: null }, condition: 'new', treadNewMm: null, treadMinimumMm: null,
  carId: null, notes: null, earlierHeatCycles: 0, earlierLaps: 0, barcode, heatCycles: 0, laps: 0, km: 0, hours: 0, sessions: [], lastUsedAt: null, wearPercent: null,
  wearByCorner: { fl: null, fr: null, rl: null, rr: null }, wearPerLap: null, lapsLeft: null, createdAt: '2026-03-01T08:00:00.000Z',
});

const stubRound = (series: Series, tires: TireRegister, more: Parameters<typeof stubFetch>[0] = {}) =>
  stubFetch({
    'GET /api/auth/user': () => json(owner),
    'GET /api/series': () => json([series]),
    'GET /api/series/3': () => json(series),
    'GET /api/series/3/entries': () => json([entry]),
    'GET /api/series/3/rounds/11/scrutineering': () => json([]),
    'GET /api/series/3/rounds/11/results': () => json(none),
    'GET /api/series/3/rounds/11/timetable': () => json({ seriesId: 3, roundId: 11, startsOn: '2026-04-12', endsOn: '2026-04-12', sessions: [], revisions: [] }),
    'GET /api/series/3/rounds/11/tire-register': () => json(tires),
    ...more,
  });

describe('Tires of a round', () => {
  it('the organiser sets the allocation (sets per car on a numeric keypad) and sees every entry\'s barcodes', async () => {
    const fetchMock = stubRound(organiserView, { allocation: { roundId: 11, setsPerCar: null, compound: null }, sets: register.sets }, {
      'PUT /api/series/3/rounds/11/tire-allocation': () => json(allocation),
    });
    renderRemote('/series/3/rounds/11');
    const form = await screen.findByRole('form', { name: 'Tire Allocation' });
    const sets = within(form).getByLabelText('Sets per car');
    expect(sets).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(sets, '8');
    await userEvent.type(within(form).getByLabelText('Compound'), 'Hankook Z214');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Allocation' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/series/3/rounds/11/tire-allocation')).toEqual([{ setsPerCar: 8, compound: 'Hankook Z214' }]));
    const list = screen.getByRole('list', { name: 'Tire register' });
    expect(within(list).getByText('HK-1001')).toBeInTheDocument();
    expect(within(list).getByText('HK-2001')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Register tire sets' })).not.toBeInTheDocument();
  });

  it('a team types a barcode: it picks the set carrying it, and Register sends that set for its entry', async () => {
    const fetchMock = stubRound(teamView, { allocation, sets: [] }, {
      'GET /api/teams/1/tire-sets': () => json([tireSet(41, 'Set 1', 'HK-1001'), tireSet(42, 'Set 2', 'HK-1002'), tireSet(43, 'Set 3', null)]),
      'POST /api/series/3/rounds/11/tire-register': () => json(register, 201),
    });
    renderRemote('/series/3/rounds/11');
    const form = await screen.findByRole('form', { name: 'Register tire sets' });
    expect(screen.queryByRole('form', { name: 'Tire Allocation' })).not.toBeInTheDocument();
    // No BarcodeDetector in this browser: typing is the way, and the page says so.
    expect(within(form).queryByRole('button', { name: 'Scan barcode' })).not.toBeInTheDocument();
    expect(within(form).getByText(/cannot read barcodes with the camera/)).toBeInTheDocument();
    const picker = within(form).getByLabelText('Tire set');
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Set 2 · HK-1002' })).toBeInTheDocument());
    await userEvent.type(within(form).getByLabelText('Barcode'), 'hk-1002');
    expect(picker).toHaveValue('42');
    await userEvent.click(within(form).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/series/3/rounds/11/tire-register')).toEqual([{ entryId: 31, tireSetId: 42 }]));
    // The register shown is read again (a series change, though its type starts like a tire set's).
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/series/3/rounds/11/tire-register').length).toBeGreaterThan(1));
  });

  it('offers the camera where the browser reads barcodes; a scanned barcode picks its set', async () => {
    stubRound(teamView, { allocation, sets: [] }, { 'GET /api/teams/1/tire-sets': () => json([tireSet(41, 'Set 1', 'HK-1001'), tireSet(42, 'Set 2', 'HK-1002')]) });
    vi.stubGlobal('BarcodeDetector', class { detect = () => Promise.resolve([{ rawValue: 'HK-1001' }]); });
    const stream = { getTracks: () => [{ stop: vi.fn() }] };
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(() => Promise.resolve(stream)) } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    renderRemote('/series/3/rounds/11');
    const form = await screen.findByRole('form', { name: 'Register tire sets' });
    await waitFor(() => expect(within(within(form).getByLabelText('Tire set')).getByRole('option', { name: 'Set 1 · HK-1001' })).toBeInTheDocument());
    await userEvent.click(within(form).getByRole('button', { name: 'Scan barcode' }));
    await waitFor(() => expect(within(form).getByLabelText('Tire set')).toHaveValue('41'), { timeout: 3000 });
    expect(within(form).getByLabelText('Barcode')).toHaveValue('HK-1001');
  });
});
