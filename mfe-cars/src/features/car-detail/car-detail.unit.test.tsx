import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, json, makeSetupSheet, stubFetch } from '@pitwall/kit/test';
import { emptyCarPageRoutes, makeCar, renderRemote } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const base = {
  // The car record cards under Basic Information (empty for these tests).
  ...emptyCarPageRoutes(),
  'GET /api/cars/7/setup-sheet': () => json(makeSetupSheet()),
};

/** The car record answered and saved: each PUT merges its body into the car the next GET answers. */
function stubCarSaving() {
  let car = makeCar();
  return stubFetch({
    ...base,
    'GET /api/cars/7': () => json(car),
    'PUT /api/cars/7': (body) => {
      car = { ...car, ...(body as object) } as typeof car;
      return json(car);
    },
  });
}

/** Opens the car page and its 'Edit Basic Information' form; returns queries scoped to the form. */
async function openEditBasicInformation() {
  renderRemote('/car/7');
  await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  return within(await screen.findByRole('form', { name: 'Edit Basic Information' }));
}

describe('Car detail', () => {
  it('shows "Car not found" for a missing car', async () => {
    stubFetch({ ...base, 'GET /api/cars/99': () => json({ message: 'Car not found' }, 404) });
    renderRemote('/car/99');
    expect(await screen.findByRole('heading', { name: 'Car not found' })).toBeInTheDocument();
  });

  it('shows "Car not found" when the id is not a number, without asking the server', async () => {
    const fetchMock = stubFetch(base);
    renderRemote('/car/abc');
    expect(await screen.findByRole('heading', { name: 'Car not found' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/cars/'))).toBe(false);
  });

  it('shows skeletons while loading, then Basic Information with "Not specified" for blanks', async () => {
    let answer: (r: Response) => void = () => {};
    stubFetch({ ...base, 'GET /api/cars/7': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRemote('/car/7');
    expect(await screen.findByLabelText('Loading car')).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton').length).toBeGreaterThan(0);
    answer(json(makeCar()));

    const card = await screen.findByRole('region', { name: 'Basic Information' });
    const c = within(card);
    expect(c.getByText('Porsche 911 GT3 R')).toBeInTheDocument();
    expect(c.getByText('2023')).toBeInTheDocument();
    expect(c.getByText('4.2L flat-six')).toBeInTheDocument();
    expect(c.getAllByText('Not specified')).toHaveLength(3); // transmission, weight (''), power
    expect(c.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Add Tuning Link' })).toBeInTheDocument();
    expect(c.queryByRole('link', { name: 'Tuning Files' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Red Devil' })).toBeInTheDocument();
  });

  it('offers "Change Tuning Link" and a "Tuning Files" link in a new tab when a link exists', async () => {
    stubFetch({ ...base, 'GET /api/cars/7': () => json(makeCar({ tuningFileUrl: 'https://files.example.com/tune' })) });
    renderRemote('/car/7');
    expect(await screen.findByRole('button', { name: 'Change Tuning Link' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Tuning Files' });
    expect(link).toHaveAttribute('href', 'https://files.example.com/tune');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});

describe('Tuning Software Link dialog', () => {
  it('Cancel clears the typed URL and closes', async () => {
    stubFetch({ ...base, 'GET /api/cars/7': () => json(makeCar()) });
    renderRemote('/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Tuning Link' }));
    let dialog = await screen.findByRole('dialog', { name: 'Tuning Software Link' });
    expect(within(dialog).getByText('Enter the URL where your tuning software files are stored.')).toBeInTheDocument();
    const field = within(dialog).getByLabelText('Tuning files URL');
    expect(field).toHaveAttribute('placeholder', expect.stringMatching(/^https:\/\//));
    await userEvent.type(field, 'https://typed.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Add Tuning Link' }));
    dialog = await screen.findByRole('dialog', { name: 'Tuning Software Link' });
    expect(within(dialog).getByLabelText('Tuning files URL')).toHaveValue('');
  });

  it('saves the link with the whole car, toasts and refreshes the car', async () => {
    let car = makeCar();
    const fetchMock = stubFetch({
      ...base,
      'GET /api/cars/7': () => json(car),
      'PUT /api/cars/7': (body) => {
        car = { ...car, tuningFileUrl: (body as { tuningFileUrl: string }).tuningFileUrl };
        return json(car);
      },
    });
    renderRemote('/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Tuning Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tuning Software Link' });
    await userEvent.type(within(dialog).getByLabelText('Tuning files URL'), 'https://files.example.com/tune');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tuning file link updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/cars/7')).toEqual([
      expect.objectContaining({ id: 7, name: 'Red Devil', makeModel: 'Porsche 911 GT3 R', tuningFileUrl: 'https://files.example.com/tune' }),
    ]);
    expect(await screen.findByRole('link', { name: 'Tuning Files' })).toBeInTheDocument();
  });

  it('toasts "Failed to update tuning file link: {reason}" on failure', async () => {
    stubFetch({
      ...base,
      'GET /api/cars/7': () => json(makeCar()),
      'PUT /api/cars/7': () => json({ message: 'tuningFileUrl must be an http(s) URL' }, 400),
    });
    renderRemote('/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Tuning Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tuning Software Link' });
    await userEvent.type(within(dialog).getByLabelText('Tuning files URL'), 'ftp://x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to update tuning file link: tuningFileUrl must be an http(s) URL',
    );
  });
});

describe('Edit Basic Information', () => {
  it('saves the geometry the scales use: wheelbase and a motion ratio typed with a decimal comma, the rest left blank as null', async () => {
    const fetchMock = stubCarSaving();
    const f = await openEditBasicInformation();
    await userEvent.type(f.getByRole('textbox', { name: 'Wheelbase (mm)' }), '2500');
    await userEvent.type(f.getByRole('textbox', { name: 'Motion ratio front' }), '0,75');
    await userEvent.click(f.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Car updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/cars/7')).toEqual([
      expect.objectContaining({ wheelbaseMm: 2500, motionRatio: { front: 0.75, rear: null }, unsprungKg: { fl: null, fr: null, rl: null, rr: null } }),
    ]);
  });

  it('saves the fuel tank typed with a decimal comma as litres and shows it under Basic Information', async () => {
    const fetchMock = stubCarSaving();
    const f = await openEditBasicInformation();
    const tank = f.getByRole('textbox', { name: 'Fuel tank (litres)' });
    expect(tank).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(tank, '62,5');
    await userEvent.click(f.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Car updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/cars/7')).toEqual([expect.objectContaining({ tankLitres: 62.5 })]);
    expect(await screen.findByText('62.5')).toBeInTheDocument();
  });

  it('refuses a fuel tank of 600 litres under its field, sending nothing', async () => {
    const fetchMock = stubFetch({ ...base, 'GET /api/cars/7': () => json(makeCar()) });
    const f = await openEditBasicInformation();
    await userEvent.type(f.getByRole('textbox', { name: 'Fuel tank (litres)' }), '600');
    await userEvent.click(f.getByRole('button', { name: 'Save Changes' }));
    expect(await f.findByText('must be a fuel tank of 1 to 500 litres')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/cars/7')).toEqual([]);
  });

  it('refuses a motion ratio of 0 under its field, sending nothing', async () => {
    const fetchMock = stubFetch({ ...base, 'GET /api/cars/7': () => json(makeCar()) });
    const f = await openEditBasicInformation();
    await userEvent.type(f.getByRole('textbox', { name: 'Motion ratio rear' }), '0');
    await userEvent.click(f.getByRole('button', { name: 'Save Changes' }));
    expect(await f.findByText('must be a motion ratio above 0 and at most 3')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/cars/7')).toEqual([]);
  });

  it('PUTs the whole car, toasts "Car updated successfully" and returns to read mode', async () => {
    const fetchMock = stubCarSaving();
    const f = await openEditBasicInformation();
    for (const label of ['Make & Model', 'Year', 'Engine', 'Transmission', 'Weight', 'Power']) {
      expect(f.getByLabelText(label)).toBeInTheDocument();
    }
    await userEvent.type(f.getByLabelText('Power'), '550 hp');
    await userEvent.clear(f.getByLabelText('Year'));
    await userEvent.type(f.getByLabelText('Year'), '2024');
    await userEvent.click(f.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Car updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/cars/7')).toEqual([
      expect.objectContaining({ id: 7, name: 'Red Devil', year: 2024, power: '550 hp', transmission: null }),
    ]);
    const card = await screen.findByRole('region', { name: 'Basic Information' });
    expect(within(card).getByText('550 hp')).toBeInTheDocument();
  });

  it('stays in edit mode and toasts "Failed to update car: {error}" on failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      ...base,
      'GET /api/cars/7': () => json(makeCar()),
      'PUT /api/cars/7': () => json({ message: 'Car was changed by someone else' }, 409),
    });
    renderRemote('/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update car: Car was changed by someone else');
    expect(screen.getByRole('form', { name: 'Edit Basic Information' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('Cancel returns to read mode', async () => {
    stubFetch({ ...base, 'GET /api/cars/7': () => json(makeCar()) });
    renderRemote('/car/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('region', { name: 'Basic Information' })).toBeInTheDocument();
  });
});
