import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, json, stubFetch } from '@pitwall/kit/test';
import { makeCar, renderRemote, user } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

async function openAddCarDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add New Car' }));
  return screen.findByRole('dialog', { name: 'Add New Car' });
}

describe('Dashboard', () => {
  it('shows the empty state with "Add Your First Car"', async () => {
    stubFetch({ 'GET /api/auth/user': () => json(user), 'GET /api/cars': () => json([]) });
    renderRemote('/');
    expect(await screen.findByText('No Cars Added Yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Your First Car' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Cars' })).toBeInTheDocument();
    for (const feature of ['Manage Cars', 'Log Events', 'Track Issues', 'Image Gallery']) {
      expect(screen.getByRole('heading', { name: feature })).toBeInTheDocument();
    }
  });

  it('lists cars with make and model, year, class badge, Events and Issues, grouped under team headings for several teams', async () => {
    const twoTeams = { ...user, teams: [...user.teams, { ...user.teams[0]!, teamId: 2, teamName: 'Second Team' }] };
    stubFetch({
      'GET /api/auth/user': () => json(twoTeams),
      'GET /api/cars': () => json([makeCar(), makeCar({ id: 8, name: 'Blue Bird', teamId: 2, teamName: 'Second Team', carClass: 'Rally' })]),
    });
    renderRemote('/');
    expect(await screen.findByRole('link', { name: 'Red Devil' })).toHaveAttribute('href', '/car/7');
    expect(screen.getAllByText('Porsche 911 GT3 R (2023)')).toHaveLength(2);
    expect(screen.getByText('GT3')).toBeInTheDocument();
    expect(screen.getByText('Rally')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Second Team' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Second Team' })).getByRole('link', { name: 'Blue Bird' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Events of Red Devil' })).toHaveAttribute('href', '/car/7/events');
    expect(screen.getByRole('link', { name: 'Issues of Red Devil' })).toHaveAttribute('href', '/car/7/issues');
    expect(screen.getByRole('button', { name: 'Add another car' })).toBeInTheDocument();
  });
});

describe('Dashboard of a user of two teams', () => {
  const twoTeams = { ...user, teams: [...user.teams, { ...user.teams[0]!, teamId: 2, teamName: 'Second Team' }] };
  const cars = [makeCar(), makeCar({ id: 8, name: 'Blue Bird', teamId: 2, teamName: 'Second Team' })];

  it("filters by team ('All teams' + each team)", async () => {
    stubFetch({ 'GET /api/auth/user': () => json(twoTeams), 'GET /api/cars': () => json(cars) });
    renderRemote('/');
    const filter = await screen.findByLabelText('Team');
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['All teams', user.teams[0]!.teamName, 'Second Team']);
    expect(filter).toHaveDisplayValue('All teams');
    await userEvent.selectOptions(filter, 'Second Team');
    expect(await screen.findByRole('link', { name: 'Blue Bird' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Red Devil' })).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { level: 3, name: user.teams[0]!.teamName })).not.toBeInTheDocument();
    await userEvent.selectOptions(filter, 'All teams');
    expect(await screen.findByRole('link', { name: 'Red Devil' })).toBeInTheDocument();
  });

  it('shows a one-team user no filter and no team headings', async () => {
    stubFetch({ 'GET /api/auth/user': () => json(user), 'GET /api/cars': () => json([makeCar()]) });
    renderRemote('/');
    expect(await screen.findByRole('link', { name: 'Red Devil' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Team')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: user.teams[0]!.teamName })).not.toBeInTheDocument();
  });
});

describe('Add New Car dialog', () => {
  it('shows the NewCarBody messages for each rule', async () => {
    const fetchMock = stubFetch({ 'GET /api/auth/user': () => json(user), 'GET /api/cars': () => json([]) });
    renderRemote('/');
    const dialog = await openAddCarDialog();
    const d = within(dialog);

    expect(d.getByLabelText('Year')).toHaveValue(new Date().getFullYear());
    expect(d.getByLabelText('Color')).toHaveValue('#0F4C81');
    expect(d.getByLabelText('Class')).toHaveDisplayValue('GT3');

    await userEvent.type(d.getByLabelText('Car Name'), 'A');
    await userEvent.type(d.getByLabelText('Make & Model'), 'B');
    await userEvent.clear(d.getByLabelText('Year'));
    await userEvent.type(d.getByLabelText('Year'), '1949');
    await userEvent.click(d.getByRole('button', { name: 'Add Car' }));

    expect(await d.findByText('Car name must be at least 2 characters')).toBeInTheDocument();
    expect(d.getByText('Make & model must be at least 2 characters')).toBeInTheDocument();
    expect(d.getByText('Year must be at least 1950')).toBeInTheDocument();
    expect(d.getByLabelText('Car Name')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(d.getByLabelText('Year'));
    await userEvent.type(d.getByLabelText('Year'), String(new Date().getFullYear() + 2));
    await userEvent.click(d.getByRole('button', { name: 'Add Car' }));
    expect(await d.findByText('Year cannot be in the future')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/cars')).toHaveLength(0);
  });

  it('adds a car, shows the success toast and refreshes the list', async () => {
    let cars = [] as ReturnType<typeof makeCar>[];
    const fetchMock = stubFetch({
      'GET /api/auth/user': () => json(user),
      'GET /api/cars': () => json(cars),
      'POST /api/cars': (body) => {
        const car = makeCar({ ...(body as object), id: 9 });
        cars = [car];
        return json(car, 201);
      },
    });
    renderRemote('/');
    const dialog = await openAddCarDialog();
    const d = within(dialog);
    await userEvent.type(d.getByLabelText('Car Name'), 'Night Fury');
    await userEvent.type(d.getByLabelText('Make & Model'), 'BMW M4 GT4');
    await userEvent.selectOptions(d.getByLabelText('Class'), 'GT4');
    await userEvent.click(d.getByRole('button', { name: 'Add Car' }));

    expect(await screen.findByText('Car added successfully')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Success');
    expect(callsTo(fetchMock, 'POST', '/api/cars')).toEqual([
      expect.objectContaining({ name: 'Night Fury', makeModel: 'BMW M4 GT4', year: new Date().getFullYear(), carClass: 'GT4', color: '#0F4C81' }),
    ]);
    expect(await screen.findByRole('link', { name: 'Night Fury' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows "Failed to add car: {error}" when the server refuses', async () => {
    stubFetch({
      'GET /api/auth/user': () => json(user),
      'GET /api/cars': () => json([]),
      'POST /api/cars': () => json({ message: 'Team not found' }, 404),
    });
    renderRemote('/');
    const d = within(await openAddCarDialog());
    await userEvent.type(d.getByLabelText('Car Name'), 'Night Fury');
    await userEvent.type(d.getByLabelText('Make & Model'), 'BMW M4 GT4');
    await userEvent.click(d.getByRole('button', { name: 'Add Car' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to add car: Team not found');
  });
});
