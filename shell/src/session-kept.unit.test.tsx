import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubFetch } from '@pitwall/kit/test';
import { renderShell, user } from '../test/render-shell';

/** Renders the shell signed in (the server answers the session check), then unmounts it: the user is now kept on this device. */
async function signedInOnce(): Promise<void> {
  stubFetch({ 'GET /api/auth/user': () => json(user), 'GET /api/cars': () => json([]) });
  const { unmount } = renderShell('/');
  expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  await waitFor(() => expect(localStorage.getItem('pitwall.signed-in-user')).not.toBeNull());
  unmount();
}

const signedOut = () => json({ message: 'Not signed in' }, 401);
const noSignal = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the signed-in user is kept on the device until the server says otherwise', () => {
  it('a session check that cannot reach the server shows the app to the user signed in last', async () => {
    await signedInOnce();
    stubFetch({ 'GET /api/auth/user': noSignal, 'GET /api/cars': noSignal });
    renderShell('/');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Admin Login' })).not.toBeInTheDocument();
  });

  it('a failing server (a 5xx) does not sign the user out either', async () => {
    await signedInOnce();
    stubFetch({ 'GET /api/auth/user': () => json({ message: 'Service unavailable' }, 503), 'GET /api/cars': () => json([]) });
    renderShell('/teams');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it("the server's 401 signs out and forgets the kept user", async () => {
    await signedInOnce();
    stubFetch({ 'GET /api/auth/user': signedOut });
    const { unmount } = renderShell('/');
    expect(await screen.findByRole('tab', { name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem('pitwall.signed-in-user')).toBeNull();
    unmount();
    // The next start with no signal no longer shows anyone's app.
    stubFetch({ 'GET /api/auth/user': noSignal });
    renderShell('/');
    expect(await screen.findByRole('tab', { name: 'Admin Login' })).toBeInTheDocument();
  });

  it('with no user kept, a failed session check shows the login screen', async () => {
    stubFetch({ 'GET /api/auth/user': noSignal });
    renderShell('/');
    expect(await screen.findByRole('tab', { name: 'Admin Login' })).toBeInTheDocument();
  });

  it('signing out forgets the kept user, even with no signal', async () => {
    await signedInOnce();
    stubFetch({ 'GET /api/auth/user': () => json(user), 'GET /api/cars': () => json([]), 'POST /api/auth/logout': noSignal });
    renderShell('/teams');
    await userEvent.click((await screen.findAllByRole('button', { name: 'Sign Out' }))[0]!);
    expect(await screen.findByRole('tab', { name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem('pitwall.signed-in-user')).toBeNull();
  });
});
