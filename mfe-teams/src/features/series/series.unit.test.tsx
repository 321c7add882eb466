import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScrutineeringSheet, Series, SeriesEntry } from '@pitwall/contracts';
import { callsTo, json, stubFetch } from '@pitwall/kit/test';
import { makeTeam, owner, renderRemote } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const ITEMS = [
  { id: 21, title: 'Seat FIA label valid' },
  { id: 22, title: 'Fire extinguisher armed' },
  { id: 23, title: 'Harness in date' },
];

function makeSeries(overrides: Partial<Series> = {}): Series {
  return {
    id: 3, name: 'Club Sprint Cup', season: '2026', classes: ['Cup', 'Open'], role: 'organiser', myTeams: [],
    rounds: [{ id: 11, name: 'Round 1', location: 'Laguna Seca', date: '2026-04-12', endsOn: '2026-04-12' }],
    scrutineeringItems: ITEMS, joinCodes: [{ code: 'K7QX-2M9P', expiresAt: '2026-05-12T09:00:00.000Z' }], createdAt: '2026-04-01T09:00:00.000Z',
    ...overrides,
  };
}

const entry: SeriesEntry = {
  id: 31, number: '27', class: 'Cup', teamName: 'Apex Garage Racing',
  passport: { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, carClass: 'Other', color: '#c8102e', engine: '2.0 L', transmission: '6-speed manual', weight: '1062 kg', power: '181 hp', lastEngineBuild: '2025-11-14', lastTransmissionBuild: null },
};

const sheet: ScrutineeringSheet = {
  roundId: 11, entryId: 31, number: '27', class: 'Cup', withdrawn: false, teamName: 'Apex Garage Racing', carName: 'MX-5 #27',
  results: [{ itemId: 21, title: 'Seat FIA label valid', status: 'reinspect', notes: 'Label faded', recordedBy: 'Olivia Clerk', recordedAt: '2026-04-12T08:30:00.000Z' }],
};

describe('Series (/series)', () => {
  it('the organiser sees join codes and the entry list by class with the passport fields only', async () => {
    stubFetch({ 'GET /api/auth/user': () => json(owner), 'GET /api/series/3': () => json(makeSeries()), 'GET /api/series/3/entries': () => json([entry]) });
    renderRemote('/series/3');
    expect(await screen.findByRole('heading', { name: 'Club Sprint Cup' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Join codes' })).getByText('K7QX-2M9P')).toBeInTheDocument();
    const cup = await screen.findByRole('region', { name: 'Class Cup' });
    const car = within(cup).getByRole('article', { name: '#27 MX-5 #27' });
    expect(within(car).getByText('Apex Garage Racing')).toBeInTheDocument();
    expect(within(car).getByText('Mazda MX-5 (ND2)')).toBeInTheDocument();
    expect(within(car).getByText('2025-11-14')).toBeInTheDocument();
    expect(within(car).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Class Open' })).not.toBeInTheDocument();
  });

  it("the organiser's 'Add Item' saves the scrutineering checklist at once, with no Save button to forget", async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': () => json(owner),
      'GET /api/series/3': () => json(makeSeries()),
      'GET /api/series/3/entries': () => json([]),
      'GET /api/series': () => json([makeSeries()]),
      'PUT /api/series/3/scrutineering-items': () => json([...ITEMS, { id: 24, title: 'Tow eyes marked' }]),
    });
    renderRemote('/series/3');
    await userEvent.type(await screen.findByLabelText('New Checklist Item'), 'Tow eyes marked');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/series/3/scrutineering-items')).toEqual([{ items: [...ITEMS, { title: 'Tow eyes marked' }] }]));
    expect(await screen.findByText('Item added')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Checklist' })).not.toBeInTheDocument();
  });

  it('keeps the next item typed while the last one is still being saved', async () => {
    let answerSave!: () => void;
    stubFetch({
      'GET /api/auth/user': () => json(owner),
      'GET /api/series/3': () => json(makeSeries()),
      'GET /api/series/3/entries': () => json([]),
      'GET /api/series': () => json([makeSeries()]),
      'PUT /api/series/3/scrutineering-items': () => new Promise<Response>((resolve) => (answerSave = () => resolve(json([...ITEMS, { id: 24, title: 'Tow eyes marked' }])))),
    });
    renderRemote('/series/3');
    const field = await screen.findByLabelText('New Checklist Item');
    await userEvent.type(field, 'Tow eyes marked');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await userEvent.clear(field);
    await userEvent.type(field, 'Fire extinguisher armed');
    answerSave();
    expect(await screen.findByText('Item added')).toBeInTheDocument();
    expect(field).toHaveValue('Fire extinguisher armed');
  });

  it("a refused join code shows under 'Join Code'", async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': () => json(owner),
      'GET /api/teams': () => json([makeTeam()]),
      'GET /api/series': () => json([]),
      'POST /api/teams/1/series': () => json({ message: 'code: This join code is not valid or has expired' }, 400),
    });
    renderRemote('/series');
    await userEvent.type(await screen.findByLabelText('Join Code'), 'k7qx-2m9p');
    await userEvent.click(screen.getByRole('button', { name: 'Enter Series' }));
    expect(await screen.findByText('This join code is not valid or has expired')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/teams/1/series')).toEqual([{ code: 'K7QX2M9P' }]);
  });

  it('a join code typed before the team list arrives is kept when it does', async () => {
    let answerTeams: () => void = () => {};
    const teamsArrived = new Promise<void>((resolve) => (answerTeams = resolve));
    const fetchMock = stubFetch({
      'GET /api/auth/user': () => json(owner),
      'GET /api/teams': async () => (await teamsArrived, json([makeTeam()])),
      'GET /api/series': () => json([]),
      'POST /api/teams/1/series': () => json({ message: 'code: This join code is not valid or has expired' }, 400),
    });
    renderRemote('/series');
    await userEvent.type(await screen.findByLabelText('Join Code'), 'k7qx-2m9p');
    answerTeams();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Apex Garage Racing' })).toBeInTheDocument());
    expect(screen.getByLabelText('Join Code')).toHaveValue('k7qx-2m9p');
    await userEvent.click(screen.getByRole('button', { name: 'Enter Series' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/teams/1/series')).toEqual([{ code: 'K7QX2M9P' }]));
  });

  it('the team withdraws a car after confirming', async () => {
    let entries = [entry];
    const fetchMock = stubFetch({
      'GET /api/auth/user': () => json(owner),
      'GET /api/cars': () => json([]),
      'GET /api/series/3': () => json(makeSeries({ role: 'entrant', joinCodes: [], myTeams: [{ teamId: 1, teamName: 'Apex Garage Racing', myRole: 'owner' }] })),
      'GET /api/series/3/entries': () => json(entries),
      'DELETE /api/series/3/entries/31': () => {
        entries = [];
        return new Response(null, { status: 204 });
      },
    });
    renderRemote('/series/3');
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw #27 MX-5 #27' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw Car' });
    expect(dialog).toHaveTextContent('The organiser will no longer see its passport');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('None of your cars is entered yet.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/series/3/entries/31')).toHaveLength(1);
  });

  it("'Leave Series' asks, takes the team out and returns to the list", async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': () => json(owner),
      'GET /api/cars': () => json([]),
      'GET /api/teams': () => json([makeTeam()]),
      'GET /api/series': () => json([]),
      'GET /api/series/3': () => json(makeSeries({ role: 'entrant', joinCodes: [], myTeams: [{ teamId: 1, teamName: 'Apex Garage Racing', myRole: 'owner' }] })),
      'GET /api/series/3/entries': () => json([entry]),
      'DELETE /api/teams/1/series/3': () => new Response(null, { status: 204 }),
    });
    renderRemote('/series/3');
    await userEvent.click(await screen.findByRole('button', { name: 'Leave Series: Apex Garage Racing' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave Series' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Series', level: 1 })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/teams/1/series/3')).toHaveLength(1);
  });

  it('the sheet sends each item with a verdict (big radio buttons, notes) and shows who recorded it', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': () => json(owner),
      'GET /api/series/3': () => json(makeSeries()),
      'GET /api/series/3/rounds/11/scrutineering/31': () => json(sheet),
      'PUT /api/series/3/rounds/11/scrutineering/31': () => json(sheet),
    });
    renderRemote('/series/3/rounds/11/entries/31');
    const seat = await screen.findByRole('group', { name: 'Seat FIA label valid' });
    expect(within(seat).getByRole('radio', { name: 'Reinspect' })).toBeChecked();
    expect(within(seat).getByLabelText('Notes')).toHaveValue('Label faded');
    expect(within(seat).getByText(/^Recorded by Olivia Clerk, Apr 12, 2026/)).toBeInTheDocument();
    await userEvent.click(within(seat).getByRole('radio', { name: 'Pass' }));
    const extinguisher = screen.getByRole('group', { name: 'Fire extinguisher armed' });
    await userEvent.click(within(extinguisher).getByRole('radio', { name: 'Fail' }));
    await userEvent.type(within(extinguisher).getByLabelText('Notes'), 'Pin missing');
    await userEvent.click(screen.getByRole('button', { name: 'Save Sheet' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/series/3/rounds/11/scrutineering/31')).toEqual([
        { results: [{ itemId: 21, status: 'pass', notes: 'Label faded' }, { itemId: 22, status: 'fail', notes: 'Pin missing' }] },
      ]),
    );
  });
});
