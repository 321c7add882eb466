import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Issue, RaceEvent } from '@pitwall/contracts';
import { callsTo, json, stubFetch, type StubHandler } from '@pitwall/kit/test';
import { makeCar, makeIssue, makeRaceEvent, renderRemote, user } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const base: Record<string, StubHandler> = { 'GET /api/auth/user': () => json(user), 'GET /api/cars': () => json([makeCar()]) };

/** Every GET a race event's detail view makes, answering the given race event and issues. */
function detailRoutes(raceEvent: RaceEvent, issues: Issue[] = [], extra: Partial<Record<string, StubHandler>> = {}) {
  const e = raceEvent.id;
  return {
    ...base,
    'GET /api/cars/7/events': () => json([raceEvent]),
    [`GET /api/cars/7/events/${e}`]: () => json(raceEvent),
    [`GET /api/cars/7/events/${e}/issues`]: () => json(issues),
    [`GET /api/cars/7/events/${e}/carried-over`]: () => json([]),
    [`GET /api/cars/7/gear-ratios?eventId=${e}`]: () => json([]),
    [`GET /api/cars/7/suspension?eventId=${e}`]: () => json(null),
    [`GET /api/cars/7/tire-pressures?eventId=${e}`]: () => json({ items: [], notes: null }),
    'GET /api/cars/7/images': () => json({ message: 'Not found: GET /api/cars/7/images' }, 404),
    'GET /api/cars/7': () => json(makeCar()),
    'GET /api/teams/1/settings': () => json({ teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C' }),
    ...extra,
  } as Record<string, StubHandler>;
}

describe('Race events list', () => {
  it("shows 'Race Events' with one card per race event: weather badge, name, location, 'MMMM d, yyyy' date", async () => {
    stubFetch({
      ...base,
      'GET /api/cars/7/events': () =>
        json([makeRaceEvent(), makeRaceEvent({ id: 4, name: 'Summer Enduro', location: 'Sonoma Raceway', date: '2026-06-13T00:00:00.000Z', weather: null })]),
    });
    renderRemote('/car/7/events');
    expect(await screen.findByRole('heading', { level: 1, name: 'Race Events' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Event' })).toBeInTheDocument();
    const first = screen.getByRole('button', { name: /Spring Sprint Round 1/ });
    expect(within(first).getByText('Sunny, 19°C')).toBeInTheDocument();
    expect(within(first).getByText('WeatherTech Raceway Laguna Seca')).toBeInTheDocument();
    expect(within(first).getByText('March 21, 2026')).toBeInTheDocument();
    const second = screen.getByRole('button', { name: /Summer Enduro/ });
    expect(within(second).getByText('Weather not specified')).toBeInTheDocument();
    expect(within(second).getByText('June 13, 2026')).toBeInTheDocument();
  });

  it("shows the empty state 'No events created yet' with 'Add First Event'", async () => {
    stubFetch({ ...base, 'GET /api/cars/7/events': () => json([]) });
    renderRemote('/car/7/events');
    expect(await screen.findByText('No events created yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add First Event' })).toBeInTheDocument();
  });

  it("shows 'Car not found' for another team's car", async () => {
    stubFetch({ ...base, 'GET /api/cars/99/events': () => json({ message: 'Car not found' }, 404) });
    renderRemote('/car/99/events');
    expect(await screen.findByRole('heading', { name: 'Car not found' })).toBeInTheDocument();
  });

  it('opens a shared link in the query-string form at the view\'s own path', async () => {
    stubFetch(detailRoutes(makeRaceEvent()));
    renderRemote('/car/7/events?eventId=3&tab=technical');
    expect(await screen.findByRole('tab', { name: 'Technical Settings', selected: true })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/car\/7\/events\/3\/technical$/);
  });

  it('opens a race event on click at its own path, and goes back to the list', async () => {
    stubFetch(detailRoutes(makeRaceEvent()));
    renderRemote('/car/7/events');
    await userEvent.click(await screen.findByRole('button', { name: /Spring Sprint Round 1/ }));
    expect(await screen.findByRole('button', { name: /Back to All Events/ })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/car\/7\/events\/3$/);
    await userEvent.click(screen.getByRole('button', { name: /Back to All Events/ }));
    expect(await screen.findByRole('heading', { name: 'Race Events' })).toBeInTheDocument();
  });
});

describe('Add New Event form', () => {
  it('shows the contract messages for a short name and location and a missing date', async () => {
    const fetchMock = stubFetch({ ...base, 'GET /api/cars/7/events': () => json([]) });
    renderRemote('/car/7/events');
    await userEvent.click(await screen.findByRole('button', { name: 'Add First Event' }));
    const form = await screen.findByRole('form', { name: 'Add New Event' });
    const f = within(form);
    expect(f.getByLabelText('Date')).toHaveValue(new Date().toLocaleDateString('sv-SE'));
    await userEvent.type(f.getByLabelText('Event Name'), 'X');
    await userEvent.type(f.getByLabelText('Location'), 'Y');
    await userEvent.clear(f.getByLabelText('Date'));
    await userEvent.click(f.getByRole('button', { name: 'Add Event' }));
    expect(await f.findByText('Event name must be at least 2 characters')).toBeInTheDocument();
    expect(f.getByText('Location must be at least 2 characters')).toBeInTheDocument();
    expect(f.getByText('Event date is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/cars/7/events')).toHaveLength(0);
  });

  it("POSTs the race event, toasts 'Event added successfully' and opens it", async () => {
    const created = makeRaceEvent();
    const fetchMock = stubFetch({ ...detailRoutes(created), 'POST /api/cars/7/events': () => json(created, 201) });
    renderRemote('/car/7/events?form=add-event');
    const form = await screen.findByRole('form', { name: 'Add New Event' });
    const f = within(form);
    await userEvent.type(f.getByLabelText('Event Name'), 'Spring Sprint Round 1');
    await userEvent.type(f.getByLabelText('Location'), 'WeatherTech Raceway Laguna Seca');
    await userEvent.clear(f.getByLabelText('Date'));
    await userEvent.type(f.getByLabelText('Date'), '2026-03-21');
    await userEvent.type(f.getByLabelText('Track Length'), '3.602 km');
    await userEvent.type(f.getByLabelText('Weather'), 'Sunny, 19°C');
    await userEvent.click(f.getByRole('button', { name: 'Add Event' }));
    expect(await screen.findByText('Event added successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/cars/7/events')).toEqual([
      expect.objectContaining({ carId: 7, name: 'Spring Sprint Round 1', location: 'WeatherTech Raceway Laguna Seca', date: '2026-03-21', trackLength: '3.602 km', weather: 'Sunny, 19°C', notes: null }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Sprint Round 1' })).toBeInTheDocument();
  });

  it("toasts 'Failed to add event: {error}' when the server refuses", async () => {
    stubFetch({ ...base, 'GET /api/cars/7/events': () => json([]), 'POST /api/cars/7/events': () => json({ message: 'date: Event date must be a valid date' }, 400) });
    renderRemote('/car/7/events?form=add-event');
    const f = within(await screen.findByRole('form', { name: 'Add New Event' }));
    await userEvent.type(f.getByLabelText('Event Name'), 'Test Day');
    await userEvent.type(f.getByLabelText('Location'), 'Thunderhill');
    await userEvent.click(f.getByRole('button', { name: 'Add Event' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add event: date: Event date must be a valid date');
  });
});

describe('Race event detail', () => {
  it('shows the Overview: details, "No notes added for this event", Technical Setup and Issues Overview', async () => {
    stubFetch(
      detailRoutes(makeRaceEvent(), [makeIssue(), makeIssue({ id: 12, title: 'Spare front pads' }), makeIssue({ id: 13, title: 'Wing mirror' }), makeIssue({ id: 14, title: 'Fuel can' })], {
        'GET /api/cars/7/gear-ratios?eventId=3': () => json([{ id: 1, carId: 7, eventId: null, name: 'Final Drive', ratio: '2.866', speedAtMaxRpm: null, notes: null, own: false }]),
      }),
    );
    renderRemote('/car/7/events?eventId=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Sprint Round 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Issue/Tool Request' })).toBeInTheDocument();
    for (const name of ['Overview', 'Technical Settings', 'Issues (4)', 'Images (0)']) {
      expect(await screen.findByRole('tab', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('No notes added for this event')).toBeInTheDocument();
    expect(screen.getByText('3.602 km')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Images' })).toBeInTheDocument();
    const setup = screen.getByRole('region', { name: 'Technical Setup' });
    // Setup inheritance: the effective setup, and what of it is the race event's own.
    expect(await within(setup).findByText('Final drive configured · from the baseline')).toBeInTheDocument();
    expect(within(setup).getByText('Not configured')).toBeInTheDocument();
    expect(within(setup).getByText('0 configurations')).toBeInTheDocument();
    expect(within(setup).getAllByRole('button', { name: 'Manage' })).toHaveLength(3);
    const overview = screen.getByRole('region', { name: 'Issues Overview' });
    expect(within(overview).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(overview).getByRole('button', { name: 'View all 4 issues' }));
    expect(await screen.findByRole('heading', { name: 'Issues to Resolve Before Next Event' })).toBeInTheDocument();
  });

  it('shows the carried-over issues of earlier race events, and hides the card when there are none', async () => {
    const earlier = makeRaceEvent({ id: 2, name: 'Winter Test', date: '2026-02-01T00:00:00.000Z' });
    stubFetch({
      ...detailRoutes(makeRaceEvent()),
      'GET /api/cars/7/events': () => json([makeRaceEvent(), earlier]),
      'GET /api/cars/7/events/3/carried-over': () => json([makeIssue({ id: 20, eventId: 2, title: 'Need 17mm deep socket', type: 'tool' })]),
    });
    renderRemote('/car/7/events?eventId=3');
    const card = await screen.findByRole('region', { name: 'Carried over' });
    expect(within(card).getByText('Need 17mm deep socket')).toBeInTheDocument();
    expect(within(card).getByText('Tool Needed')).toBeInTheDocument();
    expect(within(card).getByText('From Winter Test · February 1, 2026')).toBeInTheDocument();
  });

  it("counts the lowercase statuses 'open', 'in-progress' and 'resolved' on the Issues tab", async () => {
    const issues = [
      makeIssue({ id: 1, status: 'open' }),
      makeIssue({ id: 2, title: 'Spare front pads', type: 'part', status: 'in-progress' }),
      makeIssue({ id: 3, title: 'Bleed brakes', status: 'resolved' }),
      makeIssue({ id: 4, title: 'Torque wrench', type: 'tool', status: 'resolved' }),
    ];
    stubFetch(detailRoutes(makeRaceEvent(), issues));
    renderRemote('/car/7/events?eventId=3&tab=issues');
    expect(await screen.findByRole('heading', { name: 'Issues to Resolve Before Next Event' })).toBeInTheDocument();
    const counts = screen.getByRole('list', { name: 'Issue status counts' });
    expect(await within(counts).findByRole('listitem', { name: 'Open: 1' })).toBeInTheDocument();
    expect(within(counts).getByRole('listitem', { name: 'In Progress: 1' })).toBeInTheDocument();
    expect(within(counts).getByRole('listitem', { name: 'Resolved: 2' })).toBeInTheDocument();
    const open = screen.getByRole('listitem', { name: 'Brake pedal goes long' });
    expect(within(open).getByRole('button', { name: 'Start Progress' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Mark Resolved' })).toBeInTheDocument();
    const inProgress = screen.getByRole('listitem', { name: 'Spare front pads' });
    expect(within(inProgress).getByRole('button', { name: 'Mark as Open' })).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Bleed brakes' })).getByRole('button', { name: 'Reopen Issue' })).toBeInTheDocument();
  });

  it("PATCHes a status change and toasts 'Status Updated'; a refusal toasts 'Failed to update status: {error}'", async () => {
    let issues = [makeIssue()];
    const fetchMock = stubFetch(
      detailRoutes(makeRaceEvent(), [], {
        'GET /api/cars/7/events/3/issues': () => json(issues),
        'PATCH /api/cars/7/issues/11': (body) => {
          issues = [{ ...issues[0]!, status: (body as { status: Issue['status'] }).status }];
          return json(issues[0]);
        },
      }),
    );
    renderRemote('/car/7/events?eventId=3&tab=issues');
    await userEvent.click(await screen.findByRole('button', { name: 'Start Progress' }));
    expect(await screen.findByText('Status Updated')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/cars/7/issues/11')).toEqual([{ status: 'in-progress' }]);
    expect(await screen.findByRole('listitem', { name: 'In Progress: 1' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Open: 0' })).toBeInTheDocument();

    stubFetch(detailRoutes(makeRaceEvent(), issues, { 'PATCH /api/cars/7/issues/11': () => json({ message: 'Cannot move from in-progress to in-progress' }, 400) }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark Resolved' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update status: Cannot move from in-progress to in-progress');
  });

  it("shows 'No images added for this event' when the images route is not there yet", async () => {
    stubFetch(detailRoutes(makeRaceEvent()));
    renderRemote('/car/7/events?eventId=3&tab=images');
    expect(await screen.findByText('No images added for this event')).toBeInTheDocument();
  });

  it('shows only the images of this race event with caption and description', async () => {
    const image = (id: number, raceEventId: number | null, caption: string) => ({
      id, carId: 7, eventId: raceEventId, url: `/api/images/${id}.jpg`, thumbnailUrl: `/api/images/${id}.webp`, caption, description: `About ${caption}`, createdAt: '2026-03-21T00:00:00.000Z',
    });
    stubFetch(detailRoutes(makeRaceEvent(), [], { 'GET /api/cars/7/images': () => json([image(1, 3, 'Grid'), image(2, null, 'Garage'), image(3, 9, 'Other race')]) }));
    renderRemote('/car/7/events?eventId=3&tab=images');
    expect(await screen.findByRole('tab', { name: 'Images (1)' })).toBeInTheDocument();
    expect(await screen.findByText('Grid')).toBeInTheDocument();
    expect(screen.getByText('About Grid')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Grid' })).toHaveAttribute('src', '/api/images/1.webp');
    expect(screen.queryByText('Garage')).not.toBeInTheDocument();
  });
});

describe('Final drive ratio', () => {
  it("offers 'Set' when none, validates 'required' and 'valid number', then PATCHes and toasts", async () => {
    let raceEvent = makeRaceEvent();
    const fetchMock = stubFetch(
      detailRoutes(raceEvent, [], {
        'GET /api/cars/7/events/3': () => json(raceEvent),
        'PATCH /api/cars/7/events/3': (body) => {
          raceEvent = { ...raceEvent, ...(body as Partial<RaceEvent>) };
          return json(raceEvent);
        },
      }),
    );
    renderRemote('/car/7/events?eventId=3&tab=technical');
    const card = await screen.findByRole('region', { name: 'Final Drive Ratio' });
    await userEvent.click(within(card).getByRole('button', { name: 'Set' }));
    const form = within(await screen.findByRole('form', { name: 'Final Drive Ratio' }));
    await userEvent.click(form.getByRole('button', { name: 'Save Final Drive' }));
    expect(await form.findByText('Final drive ratio is required')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Final Drive Ratio'), '2.8x');
    await userEvent.click(form.getByRole('button', { name: 'Save Final Drive' }));
    expect(await form.findByText('Final drive ratio must be a valid number')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/cars/7/events/3')).toHaveLength(0);

    await userEvent.clear(form.getByLabelText('Final Drive Ratio'));
    await userEvent.type(form.getByLabelText('Final Drive Ratio'), '2.866');
    await userEvent.type(form.getByLabelText('Notes'), 'Stock final');
    await userEvent.click(form.getByRole('button', { name: 'Save Final Drive' }));
    expect(await screen.findByText('Final drive ratio updated')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/cars/7/events/3')).toEqual([{ finalDriveRatio: '2.866', finalDriveNotes: 'Stock final' }]);
    const updated = await screen.findByRole('region', { name: 'Final Drive Ratio' });
    expect(within(updated).getByText('2.866')).toBeInTheDocument();
    expect(within(updated).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it("toasts 'Failed to update final drive ratio. Please try again.' when the server refuses", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(detailRoutes(makeRaceEvent({ finalDriveRatio: '3.1' }), [], { 'PATCH /api/cars/7/events/3': () => json({ message: 'boom' }, 500) }));
    renderRemote('/car/7/events?eventId=3&form=final-drive');
    const form = within(await screen.findByRole('form', { name: 'Final Drive Ratio' }));
    expect(form.getByLabelText('Final Drive Ratio')).toHaveValue('3.1');
    await userEvent.click(form.getByRole('button', { name: 'Save Final Drive' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update final drive ratio. Please try again.');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});

describe('Add Issue/Tool Request', () => {
  it('validates title and description, then POSTs with the race event preset', async () => {
    const fetchMock = stubFetch(detailRoutes(makeRaceEvent(), [], { 'POST /api/cars/7/issues': () => json(makeIssue(), 201) }));
    renderRemote('/car/7/events?eventId=3');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Issue/Tool Request' }));
    const form = within(await screen.findByRole('form', { name: 'Add Issue/Tool Request' }));
    expect(form.getByRole('option', { name: 'Mechanical Issue' })).toBeInTheDocument();
    expect(form.getByRole('option', { name: 'Tool Needed' })).toBeInTheDocument();
    expect(form.getByRole('option', { name: 'Part Required' })).toBeInTheDocument();
    expect(form.getByRole('option', { name: 'General Note' })).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Title'), 'B');
    await userEvent.type(form.getByLabelText('Description'), 'abc');
    await userEvent.click(form.getByRole('button', { name: 'Add Issue' }));
    expect(await form.findByText('Title must be at least 2 characters')).toBeInTheDocument();
    expect(form.getByText('Description must be at least 5 characters')).toBeInTheDocument();

    await userEvent.clear(form.getByLabelText('Title'));
    await userEvent.type(form.getByLabelText('Title'), 'Brake pedal goes long');
    await userEvent.type(form.getByLabelText('Description'), ' after 8 laps');
    await userEvent.selectOptions(form.getByLabelText('Priority'), 'high');
    await userEvent.click(form.getByRole('button', { name: 'Add Issue' }));
    expect(await screen.findByText('Issue added successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/cars/7/issues')).toEqual([
      expect.objectContaining({ carId: 7, eventId: 3, title: 'Brake pedal goes long', description: 'abc after 8 laps', type: 'issue', priority: 'high', status: 'open' }),
    ]);
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });
});

describe('Race event setup forms', () => {
  it('saves the race event suspension with ?eventId= and shows it in the Front / Rear / Notes accordion', async () => {
    let suspension: Record<string, unknown> | null = null;
    const fetchMock = stubFetch(
      detailRoutes(makeRaceEvent(), [], {
        'GET /api/cars/7/suspension?eventId=3': () => json(suspension),
        'GET /api/cars/7': () => json(makeCar()),
        'PUT /api/cars/7/suspension?eventId=3': (body) => {
          suspension = { id: 1, ...(body as object), ownFields: ['frontCamber', 'rearToe'] };
          return json(suspension);
        },
      }),
    );
    renderRemote('/car/7/events?eventId=3&tab=technical');
    const card = await screen.findByRole('region', { name: 'Suspension Settings' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Add Suspension Data' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Suspension & Alignment' }));
    await userEvent.type(form.getByLabelText('Front Camber'), '-2.8°');
    await userEvent.type(form.getByLabelText('Rear Toe'), '1.5mm (in)');
    await userEvent.click(form.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Suspension settings updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/cars/7/suspension?eventId=3')).toEqual([
      expect.objectContaining({ carId: 7, eventId: 3, frontCamber: '-2.8°', rearToe: '1.5mm (in)', frontRideHeight: null }),
    ]);
    const saved = await screen.findByRole('region', { name: 'Suspension Settings' });
    expect(within(saved).getByRole('button', { name: 'Front' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(saved).getByRole('button', { name: 'Notes' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(saved).getByText('-2.8°')).toBeInTheDocument();
    expect(within(saved).getAllByText('Race event')).toHaveLength(2); // front camber and rear toe: the race event's own
  });

  it('requires the four pressures of a partly filled condition and saves the race event tire pressures', async () => {
    const fetchMock = stubFetch(
      detailRoutes(makeRaceEvent(), [], {
        'GET /api/cars/7': () => json(makeCar()),
        'PUT /api/cars/7/tire-pressures?eventId=3': (body) => json({ items: (body as { items: object[] }).items.map((r, i) => ({ id: i + 1, carId: 7, eventId: 3, notes: null, ...r })), notes: null }),
      }),
    );
    renderRemote('/car/7/events?eventId=3&form=tire-pressures');
    const form = within(await screen.findByRole('form', { name: 'Edit Tire Pressures' }));
    expect(form.getAllByLabelText('Condition').map((el) => (el as HTMLInputElement).value)).toEqual(['Dry (Cold)', 'Dry (Hot Target)', 'Wet (Cold)']);
    await userEvent.click(form.getByRole('button', { name: 'Remove Wet (Cold)' }));
    await userEvent.click(form.getByRole('button', { name: 'Remove Dry (Hot Target)' }));
    await userEvent.type(form.getByLabelText('Front Left'), '28');
    await userEvent.click(form.getByRole('button', { name: 'Save Changes' }));
    expect(await form.findByText('Front right pressure is required')).toBeInTheDocument();
    expect(form.getByText('Rear right pressure is required')).toBeInTheDocument();
    expect(form.queryByText('Front left pressure is required')).not.toBeInTheDocument();
    for (const label of ['Front Right', 'Rear Left', 'Rear Right']) await userEvent.type(form.getByLabelText(label), '28 psi');
    await userEvent.click(form.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Tire pressures updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/cars/7/tire-pressures?eventId=3')).toEqual([
      expect.objectContaining({ eventId: 3, items: [expect.objectContaining({ condition: 'Dry (Cold)', frontLeft: '28 psi', eventId: 3 })] }),
    ]);
  });
});

describe('Event Images', () => {
  it("refuses a file over the server's limit (GET /config.json) before sending it, naming the limit", async () => {
    const fetchMock = stubFetch(detailRoutes(makeRaceEvent(), [], { 'GET /config.json': () => json({ remotes: {}, uploadMaxBytes: 1024 * 1024 }) }));
    renderRemote('/car/7/events?eventId=3&form=images');
    const huge = new File([new Uint8Array(3 * 1024 * 1024)], 'timetable.png', { type: 'image/png' });
    await waitFor(async () => {
      await userEvent.upload(await screen.findByLabelText('Timetable Image'), huge);
      expect(screen.getByText('The file is too large (3 MB): at most 1 MB can be uploaded.')).toBeInTheDocument();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save Images' }));
    expect(screen.getByText('The file is too large (3 MB): at most 1 MB can be uploaded.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/upload')).toEqual([]);
  });

  it("asks for an image when none is chosen, then uploads the chosen one and saves its URL", async () => {
    const fetchMock = stubFetch(
      detailRoutes(makeRaceEvent(), [], {
        'POST /api/upload': () => json({ url: '/api/images/profile.png' }),
        'PATCH /api/cars/7/events/3': () => json(makeRaceEvent({ profileImageUrl: '/api/images/profile.png' })),
      }),
    );
    renderRemote('/car/7/events?eventId=3&form=images');
    await userEvent.click(await screen.findByRole('button', { name: 'Save Images' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an image to upload');
    await userEvent.upload(screen.getByLabelText('Profile Image'), new File(['png'], 'profile.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Images' }));
    expect(await screen.findByText('Event images updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/upload')).toHaveLength(1);
    expect(callsTo(fetchMock, 'PATCH', '/api/cars/7/events/3')).toEqual([{ profileImageUrl: '/api/images/profile.png' }]);
  });
});

describe('Race event setup forms open with the effective setup', () => {
  const effective = (frontCamber: string, ownFields: string[]) => ({
    id: 1, carId: 7, eventId: 4, notes: null, ownFields,
    frontRideHeight: '120mm', frontSpringRate: '78 N/mm', frontDamperSetting: '8/6', frontCamber, frontToe: '0.0mm', frontAntiRollBar: 'Medium',
    rearRideHeight: '125mm', rearSpringRate: '59 N/mm', rearDamperSetting: '6/5', rearCamber: '-2.0°', rearToe: '1.5mm (in)', rearAntiRollBar: 'Soft',
  });
  const enduro = makeRaceEvent({ id: 4, name: 'Summer Enduro', date: '2026-06-13T00:00:00.000Z' });

  it("pre-fills the suspension form with the baseline values, sends them complete, and 'Start from <previous race event>' refills it", async () => {
    const fetchMock = stubFetch(
      detailRoutes(enduro, [], {
        'GET /api/cars/7/events': () => json([makeRaceEvent(), enduro]),
        'GET /api/cars/7/suspension?eventId=4': () => json(effective('-2.8°', [])),
        'GET /api/cars/7/suspension?eventId=3': () => json(effective('-3.4°', ['frontCamber'])),
        'GET /api/cars/7': () => json(makeCar()),
        'PUT /api/cars/7/suspension?eventId=4': (body) => json({ ...effective('-3.0°', ['frontCamber']), ...(body as object) }),
      }),
    );
    renderRemote('/car/7/events?eventId=4&form=suspension');
    const form = within(await screen.findByRole('form', { name: 'Edit Suspension & Alignment' }));
    expect(form.getByLabelText('Front Ride Height')).toHaveValue('120');
    expect(form.getByLabelText('Front Camber')).toHaveValue('2.8');
    await userEvent.click(await form.findByRole('button', { name: 'Start from Spring Sprint Round 1' }));
    // The form is mounted anew with the other race event's values.
    const refilled = () => within(screen.getByRole('form', { name: 'Edit Suspension & Alignment' }));
    await waitFor(() => expect(refilled().getByLabelText('Front Camber')).toHaveValue('3.4'));
    await userEvent.clear(refilled().getByLabelText('Front Camber'));
    await userEvent.type(refilled().getByLabelText('Front Camber'), '3.0');
    await userEvent.click(refilled().getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Suspension settings updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/cars/7/suspension?eventId=4')).toEqual([
      expect.objectContaining({ frontCamber: '-3.0°', frontRideHeight: '120mm', rearAntiRollBar: 'Soft' }),
    ]);
  });

  it('pre-fills the tire form with the effective rows (no empty required rows) and the final drive with the baseline ratio', async () => {
    stubFetch(
      detailRoutes(enduro, [], {
        'GET /api/cars/7/tire-pressures?eventId=4': () =>
          json({ items: [{ id: 5, carId: 7, eventId: null, condition: 'Dry (Cold)', frontLeft: '28 psi', frontRight: '28 psi', rearLeft: '27 psi', rearRight: '27 psi', notes: null, own: false }], notes: null }),
        'GET /api/cars/7/gear-ratios?eventId=4': () => json([{ id: 1, carId: 7, eventId: null, name: 'Final Drive', ratio: '2.866', speedAtMaxRpm: null, notes: null, own: false }]),
      }),
    );
    const { unmount } = renderRemote('/car/7/events?eventId=4&form=tire-pressures');
    const form = within(await screen.findByRole('form', { name: 'Edit Tire Pressures' }));
    expect(form.getAllByLabelText('Condition').map((i) => (i as HTMLInputElement).value)).toEqual(['Dry (Cold)']);
    expect(form.getByLabelText('Rear Right')).toHaveValue('27');
    expect(form.queryByRole('button', { name: /^Start from/ })).not.toBeInTheDocument(); // the only race event: no previous one
    unmount();
    renderRemote('/car/7/events?eventId=4&form=final-drive');
    const finalDrive = within(await screen.findByRole('form', { name: 'Final Drive Ratio' }));
    expect(finalDrive.getByRole('textbox', { name: /Final Drive Ratio/ })).toHaveValue('2.866');
  });
});
