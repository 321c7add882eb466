import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Issue } from '@pitwall/contracts';
import { callsTo, json, makeIssue, makeRaceEvent, stubFetch, type StubHandler } from '@pitwall/kit/test';
import { makeCar, renderRemote, user } from '../../../test/fixtures';
import { splitIssues } from './lib/split-issues';

afterEach(() => vi.unstubAllGlobals());

const LAGUNA = makeRaceEvent({ location: 'Laguna Seca', trackLength: null, weather: null, createdAt: '2026-01-01T00:00:00.000Z' });

const issue = (over: Partial<Issue>): Issue => makeIssue({ id: 1, eventId: null, createdAt: '2026-03-21T10:00:00.000Z', ...over });

function stubIssues(initial: Issue[] = [], overrides: Record<string, StubHandler> = {}) {
  let issues = initial;
  let nextId = 50;
  const mock = stubFetch({
    'GET /api/auth/user': () => json(user),
    'GET /api/cars': () => json([makeCar()]),
    'GET /api/cars/7/issues': () => json(issues),
    'GET /api/cars/7/events': () => json([LAGUNA]),
    'POST /api/cars/7/issues': (body) => {
      const created = { ...(body as Issue), id: nextId++, carId: 7, createdAt: '2026-11-20T10:00:00.000Z' };
      issues = [created, ...issues];
      return json(created, 201);
    },
    ...Object.fromEntries(
      [1, 2, 3, 4, 50].map((id) => [
        `PATCH /api/cars/7/issues/${id}`,
        (body: unknown) => {
          issues = issues.map((i) => (i.id === id ? { ...i, ...(body as object) } : i));
          return json(issues.find((i) => i.id === id));
        },
      ]),
    ),
    ...overrides,
  });
  return mock;
}

const column = (name: RegExp) => screen.findByRole('region', { name });

describe('splitIssues', () => {
  it('puts tools and future priorities in Equipment & Tools and counts open ones', () => {
    const split = splitIssues([
      issue({ id: 1 }),
      issue({ id: 2, type: 'note', status: 'resolved' }),
      issue({ id: 3, type: 'tool' }),
      issue({ id: 4, type: 'part', priority: 'future' }),
      issue({ id: 5, type: 'tool', status: 'in-progress' }),
    ]);
    expect(split.eventIssues.map((i) => i.id)).toEqual([1, 2]);
    expect(split.equipment.map((i) => i.id)).toEqual([3, 4, 5]);
    expect([split.openCount, split.neededCount]).toEqual([1, 2]);
  });
});

describe('Issues & Tools', () => {
  it('shows both empty states with their buttons and zero badges', async () => {
    stubIssues();
    renderRemote('/car/7/issues');
    expect(await screen.findByRole('heading', { level: 1, name: 'Issues & Tools' })).toBeInTheDocument();
    const issues = within(await column(/^Event Issues/));
    expect(await issues.findByText('No event issues tracked yet')).toBeInTheDocument();
    expect(issues.getByText('0 Open')).toBeInTheDocument();
    expect(issues.getByRole('button', { name: 'Add First Issue' })).toBeInTheDocument();
    const tools = within(await column(/^Equipment & Tools/));
    expect(tools.getByText('No equipment needs tracked yet')).toBeInTheDocument();
    expect(tools.getByText('0 Needed')).toBeInTheDocument();
    expect(tools.getByRole('button', { name: 'Add First Equipment Need' })).toBeInTheDocument();
  });

  it('lists items in their columns with badges counting open ones, and the race event name', async () => {
    stubIssues([
      issue({ id: 1, eventId: 3 }),
      issue({ id: 2, title: 'Spare front pads', type: 'part', priority: 'medium', status: 'in-progress' }),
      issue({ id: 3, title: 'Need 17mm deep socket', type: 'tool', priority: 'medium' }),
    ]);
    renderRemote('/car/7/issues');
    const issues = within(await column(/^Event Issues/));
    expect(await issues.findByText('1 Open')).toBeInTheDocument();
    const brake = within(issues.getByRole('article', { name: 'Brake pedal goes long' }));
    expect(brake.getByText('Mechanical Issue')).toBeInTheDocument();
    expect(await brake.findByText(/Spring Sprint Round 1/)).toBeInTheDocument();
    expect(brake.getByRole('button', { name: 'Start Progress' })).toBeInTheDocument();
    expect(brake.getByRole('button', { name: 'Mark Resolved' })).toBeInTheDocument();
    const pads = within(issues.getByRole('article', { name: 'Spare front pads' }));
    expect(pads.getByText('Part Required')).toBeInTheDocument();
    expect(pads.getByRole('button', { name: 'Mark as Open' })).toBeInTheDocument();
    const tools = within(await column(/^Equipment & Tools/));
    expect(tools.getByText('1 Needed')).toBeInTheDocument();
    expect(tools.getByRole('article', { name: 'Need 17mm deep socket' })).toBeInTheDocument();
    expect(tools.getByRole('button', { name: 'Add Equipment' })).toBeInTheDocument();
  });

  it("moves an issue open → in progress → resolved → open with 'Status Updated'", async () => {
    const mock = stubIssues([issue({ id: 1 })]);
    renderRemote('/car/7/issues');
    const issues = within(await column(/^Event Issues/));
    const card = () => within(issues.getByRole('article', { name: 'Brake pedal goes long' }));
    await userEvent.click(await card().findByRole('button', { name: 'Start Progress' }));
    expect(await screen.findByText('Status Updated')).toBeInTheDocument();
    await userEvent.click(await card().findByRole('button', { name: 'Mark Resolved' }));
    await userEvent.click(await card().findByRole('button', { name: 'Reopen Issue' }));
    await waitFor(() => expect(issues.getByText('1 Open')).toBeInTheDocument());
    expect(callsTo(mock, 'PATCH', '/api/cars/7/issues/1')).toEqual([{ status: 'in-progress' }, { status: 'resolved' }, { status: 'open' }]);
  });

  it("toasts 'Failed to update status: {error}'", async () => {
    stubIssues([issue({ id: 1 })], { 'PATCH /api/cars/7/issues/1': () => json({ message: 'Cannot change status from open to open' }, 409) });
    renderRemote('/car/7/issues');
    await userEvent.click(await screen.findByRole('button', { name: 'Start Progress' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update status: Cannot change status from open to open');
  });

  it('adds an issue: validation messages, the type labels, the race event, defaults, then the toast', async () => {
    const mock = stubIssues();
    renderRemote('/car/7/issues');
    await userEvent.click(await screen.findByRole('button', { name: 'Add First Issue' }));
    const form = within(screen.getByRole('form', { name: 'Add Issue' }));
    expect(screen.queryByText('No event issues tracked yet')).not.toBeInTheDocument();
    expect(within(form.getByLabelText('Type')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Mechanical Issue', 'Tool Needed', 'Part Required', 'General Note']);
    expect(form.getByLabelText('Type')).toHaveValue('issue');
    expect(form.getByLabelText('Priority')).toHaveValue('medium');
    expect(form.getByLabelText('Status')).toHaveValue('open');
    await userEvent.type(form.getByLabelText('Title'), 'B');
    await userEvent.type(form.getByLabelText('Description'), 'Soft');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Title must be at least 2 characters')).toBeInTheDocument();
    expect(form.getByText('Description must be at least 5 characters')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Title'), 'rake pedal goes long');
    await userEvent.type(form.getByLabelText('Description'), ' pedal after 8 laps');
    await userEvent.selectOptions(await form.findByLabelText('Race event (optional)'), 'Spring Sprint Round 1 · March 21, 2026');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Issue added successfully')).toBeInTheDocument();
    expect(callsTo(mock, 'POST', '/api/cars/7/issues')).toEqual([
      { carId: 7, eventId: 3, title: 'Brake pedal goes long', description: 'Soft pedal after 8 laps', type: 'issue', priority: 'medium', status: 'open', imageUrl: null },
    ]);
    expect(await screen.findByRole('article', { name: 'Brake pedal goes long' })).toBeInTheDocument();
  });

  it("adds an equipment need (type tool by default); Cancel returns to the lists", async () => {
    const mock = stubIssues();
    renderRemote('/car/7/issues');
    await userEvent.click(await screen.findByRole('button', { name: 'Add First Equipment Need' }));
    let form = within(screen.getByRole('form', { name: 'Add Equipment Need' }));
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('No equipment needs tracked yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add First Equipment Need' }));
    form = within(screen.getByRole('form', { name: 'Add Equipment Need' }));
    expect(form.getByLabelText('Type')).toHaveValue('tool');
    await userEvent.type(form.getByLabelText('Title'), '17mm deep socket');
    await userEvent.type(form.getByLabelText('Description'), 'Two in the pit cart');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    const tools = within(await column(/^Equipment & Tools/));
    expect(await tools.findByRole('article', { name: '17mm deep socket' })).toBeInTheDocument();
    expect(tools.getByText('1 Needed')).toBeInTheDocument();
    expect(callsTo(mock, 'POST', '/api/cars/7/issues')).toEqual([expect.objectContaining({ type: 'tool', eventId: null })]);
  });

  it('never loads a stored photo URL from another site (protocol-relative, javascript:, data:)', async () => {
    stubIssues([
      issue({ id: 1, title: 'Safe photo', imageUrl: '/api/images/ok.jpg' }),
      issue({ id: 2, title: 'Other site', imageUrl: '//evil.example/x.png' }),
      issue({ id: 3, title: 'Script', imageUrl: 'javascript:alert(1)' }),
      issue({ id: 4, title: 'Inline', imageUrl: 'data:image/png;base64,iVBORw0KGgo=' }),
    ]);
    renderRemote('/car/7/issues');
    expect(await screen.findByRole('img', { name: 'Photo: Safe photo' })).toHaveAttribute('src', '/api/images/ok.jpg');
    expect(screen.getByText('Other site')).toBeInTheDocument();
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(['/api/images/ok.jpg']);
  });

  it('uploads the image first and sends its url', async () => {
    const mock = stubIssues([], { 'POST /api/upload': () => json({ url: '/api/images/abc.jpg', thumbnailUrl: '/api/images/abc.thumb.webp' }, 201) });
    renderRemote('/car/7/issues');
    await userEvent.click(await screen.findByRole('button', { name: 'Add First Issue' }));
    const form = within(screen.getByRole('form', { name: 'Add Issue' }));
    await userEvent.type(form.getByLabelText('Title'), 'Cracked splitter');
    await userEvent.type(form.getByLabelText('Description'), 'Left side, after the kerb');
    await userEvent.upload(form.getByLabelText('Image (optional)'), new File([new Uint8Array(2048)], 'splitter.jpg', { type: 'image/jpeg' }));
    expect(form.getByText('splitter.jpg (2 KB)')).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Issue added successfully')).toBeInTheDocument();
    const upload = mock.mock.calls.find(([url]) => String(url) === '/api/upload');
    expect((upload?.[1]?.body as FormData).get('image')).toBeInstanceOf(File);
    expect(callsTo(mock, 'POST', '/api/cars/7/issues')).toEqual([expect.objectContaining({ imageUrl: '/api/images/abc.jpg' })]);
    expect(await screen.findByRole('img', { name: 'Photo: Cracked splitter' })).toHaveAttribute('src', '/api/images/abc.jpg');
  });

  it('saves without the image when the upload fails, and says so', async () => {
    const mock = stubIssues([], { 'POST /api/upload': () => new Response('', { status: 503, statusText: 'Service Unavailable' }) });
    renderRemote('/car/7/issues');
    await userEvent.click(await screen.findByRole('button', { name: 'Add First Issue' }));
    const form = within(screen.getByRole('form', { name: 'Add Issue' }));
    await userEvent.type(form.getByLabelText('Title'), 'Cracked splitter');
    await userEvent.type(form.getByLabelText('Description'), 'Left side, after the kerb');
    await userEvent.upload(form.getByLabelText('Image (optional)'), new File(['x'], 'splitter.png', { type: 'image/png' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload image. Issue will be saved without image.');
    await waitFor(() => expect(callsTo(mock, 'POST', '/api/cars/7/issues')).toEqual([expect.objectContaining({ imageUrl: null })]));
    expect(await screen.findByRole('article', { name: 'Cracked splitter' })).toBeInTheDocument();
  });

  it('refuses a file that is not an image', async () => {
    stubIssues();
    renderRemote('/car/7/issues');
    await userEvent.click(await screen.findByRole('button', { name: 'Add First Issue' }));
    const form = within(screen.getByRole('form', { name: 'Add Issue' }));
    await userEvent.upload(form.getByLabelText('Image (optional)'), new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await form.findByText('Please choose an image file')).toBeInTheDocument();
  });

  it("toasts 'Failed to add issue: {error}' and keeps the form", async () => {
    stubIssues([], { 'POST /api/cars/7/issues': () => json({ message: 'Race event not found' }, 404) });
    renderRemote('/car/7/issues');
    await userEvent.click(await screen.findByRole('button', { name: 'Add First Issue' }));
    const form = within(screen.getByRole('form', { name: 'Add Issue' }));
    await userEvent.type(form.getByLabelText('Title'), 'Oil leak');
    await userEvent.type(form.getByLabelText('Description'), 'Drips from the sump');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add issue: Race event not found');
    expect(screen.getByRole('form', { name: 'Add Issue' })).toBeInTheDocument();
  });

  it("shows 'Car not found' for another team's car", async () => {
    stubIssues([], { 'GET /api/cars/7/issues': () => json({ message: 'Car not found' }, 404) });
    renderRemote('/car/7/issues');
    expect(await screen.findByRole('heading', { name: 'Car not found' })).toBeInTheDocument();
  });
});
