import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubFetch, callsTo } from '@pitwall/kit/test';
import { renderShell, user } from '../../../test/render-shell';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => localStorage.clear());

async function signedOut() {
  return screen.findByRole('tablist', { name: 'Sign-in mode' });
}

/** Once signed out: fills 'Setup Team' with Apex Racing and its owner Olivia, and sends it. */
async function setUpTeam() {
  await signedOut();
  await userEvent.click(screen.getByRole('tab', { name: 'Setup Team' }));
  await userEvent.type(screen.getByLabelText('Team Name'), 'Apex Racing');
  await userEvent.type(screen.getByLabelText('Your Name'), 'Olivia Owner');
  await userEvent.type(screen.getByLabelText('Email'), 'owner@example.com');
  await userEvent.type(screen.getByLabelText('Username'), 'owner');
  await userEvent.type(screen.getByLabelText('Password'), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
}

describe('Login screen', () => {
  it("opens on 'Team Member' the first time, then on the tab used last on this device", async () => {
    stubFetch({ 'GET /api/auth/user': () => json({ message: 'Not signed in' }, 401) });
    const first = renderShell('/');
    await signedOut();
    expect(screen.getByRole('tab', { name: 'Team Member' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Admin Login' }));
    first.unmount();
    renderShell('/');
    await signedOut();
    expect(screen.getByRole('tab', { name: 'Admin Login' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the typed username and password when switching tabs', async () => {
    stubFetch({ 'GET /api/auth/user': () => json({ message: 'Not signed in' }, 401) });
    renderShell('/');
    await signedOut();
    await userEvent.type(screen.getByLabelText('Username'), 'dana');
    await userEvent.type(screen.getByLabelText('Password'), 'paddock-2026');
    await userEvent.click(screen.getByRole('tab', { name: 'Admin Login' }));
    expect(screen.getByLabelText('Username')).toHaveValue('dana');
    expect(screen.getByLabelText('Password')).toHaveValue('paddock-2026');
    await userEvent.click(screen.getByRole('tab', { name: 'Setup Team' }));
    await userEvent.type(screen.getByLabelText('Team Name'), 'Apex');
    await userEvent.click(screen.getByRole('tab', { name: 'Team Member' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Setup Team' }));
    expect(screen.getByLabelText('Team Name')).toHaveValue('Apex');
    expect(screen.getByLabelText('Username')).toHaveValue('dana');
  });

  it('shows Loading... during the session check, then the three tabs when signed out', async () => {
    stubFetch({ 'GET /api/auth/user': () => json({ message: 'Not signed in' }, 401) });
    renderShell('/');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const tabs = await signedOut();
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Setup Team', 'Admin Login', 'Team Member']);
  });

  it('requires username and password on both logins', async () => {
    stubFetch({ 'GET /api/auth/user': () => json({ message: 'Not signed in' }, 401) });
    renderShell('/');
    await signedOut();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('tab', { name: 'Team Member' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('shows the server message in a red alert above the tabs, and sends the tab login type', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': () => json({ message: 'Not signed in' }, 401),
      'POST /api/auth/login': () => json({ message: 'Invalid credentials' }, 401),
    });
    renderShell('/');
    await signedOut();
    await userEvent.click(screen.getByRole('tab', { name: 'Team Member' }));
    await userEvent.type(screen.getByLabelText('Username'), 'mech');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid credentials');
    expect(alert).toHaveClass('pw-alert--error');
    expect(alert.compareDocumentPosition(screen.getByRole('tablist')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/auth/login')).toEqual([{ username: 'mech', password: 'wrong-pass', loginType: 'member' }]);
  });

  it('falls back to "Invalid credentials" without a server message, and says so on a network failure', async () => {
    let fail: 'status' | 'network' = 'status';
    stubFetch({
      'GET /api/auth/user': () => json({ message: 'Not signed in' }, 401),
      'POST /api/auth/login': () => {
        if (fail === 'network') throw new TypeError('Failed to fetch');
        return new Response('', { status: 401 });
      },
    });
    renderShell('/');
    await signedOut();
    await userEvent.type(screen.getByLabelText('Username'), 'owner');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    fail = 'network';
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Connection error. Please try again.')).toBeInTheDocument();
  });

  it('validates the setup form with the spec messages', async () => {
    stubFetch({ 'GET /api/auth/user': () => json({ message: 'Not signed in' }, 401) });
    renderShell('/');
    await signedOut();
    await userEvent.click(screen.getByRole('tab', { name: 'Setup Team' }));
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Username'), 'ab');
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByText('Team name is required')).toBeInTheDocument();
    expect(screen.getByText('Your name is required')).toBeInTheDocument();
    expect(screen.getByText('Valid email is required')).toBeInTheDocument();
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('shows "Setup failed. Please try again." when setup fails without a message', async () => {
    stubFetch({
      'GET /api/auth/user': () => json({ message: 'Not signed in' }, 401),
      'POST /api/auth/setup-team': () => new Response('', { status: 500 }),
    });
    renderShell('/');
    await setUpTeam();
    expect(await screen.findByRole('alert')).toHaveTextContent('Setup failed. Please try again.');
  });

  it('stores the user after a successful setup and shows the app', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': () => json({ message: 'Not signed in' }, 401),
      'POST /api/auth/setup-team': () => json(user, 201),
      'GET /api/cars': () => json([]),
    });
    const { queryClient } = renderShell('/', { load: () => new Promise(() => {}) });
    await setUpTeam();

    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(queryClient.getQueryData(['auth', 'user'])).toEqual(user);
    expect(callsTo(fetchMock, 'POST', '/api/auth/setup-team')).toEqual([
      { teamName: 'Apex Racing', ownerName: 'Olivia Owner', email: 'owner@example.com', username: 'owner', password: 'secret1' },
    ]);
  });
});
