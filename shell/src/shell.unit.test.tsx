import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { json, stubFetch } from '@pitwall/kit/test';
import { renderShell, user } from '../test/render-shell';
import { RemoteModule, type RemoteAppModule } from './remotes/remote-module';

afterEach(() => vi.unstubAllGlobals());

const car = {
  id: 7, teamId: 1, teamName: 'Apex Racing', name: 'Red Devil', makeModel: 'Porsche 911', year: 2023, engine: null,
  transmission: null, weight: null, power: null, color: '#cc0000', carClass: 'GT3', tuningFileUrl: null,
  lastEngineBuild: null, lastTransmissionBuild: null, lastEngineOilChange: null, lastTransmissionOilChange: null,
  lastDifferentialOilChange: null, lastClutchChange: null, createdAt: '2026-01-01T00:00:00.000Z',
};

describe('signed-in layout', () => {
  it('shows the navigation, branding and the header of the auto-selected first car', async () => {
    stubFetch({ 'GET /api/auth/user': () => json(user), 'GET /api/cars': () => json([car]) });
    renderShell('/car/7/events');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['Teams', '/teams'],
      ['Parts', '/parts'],
      ['Tires', '/tires'],
      ['Series', '/series'],
      ['Settings', '/settings'],
    ]);
    expect(screen.getByText('Team Manager')).toBeInTheDocument();
    // No branding chosen on this device: the signed-in team's own name.
    expect(screen.getByText('Apex Racing', { selector: '.shell-nav__racing' })).toBeInTheDocument();
    expect(screen.getByText('MOTORSPORT')).toBeInTheDocument();

    const carNav = await screen.findByRole('navigation', { name: 'Selected car' });
    // Twice: the header bar (from 768 px) and the phone top bar's one-line switcher; CSS shows one.
    expect(screen.getAllByText('Red Devil')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Events: pages of Red Devil' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(carNav).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Car Details', '/car/7'],
      ['Events', '/car/7/events'],
      ['Issues & Tools', '/car/7/issues'],
      ['Gallery', '/car/7/gallery'],
    ]);
    expect(within(carNav).getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
    expect(within(carNav).getByRole('link', { name: 'Car Details' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByText('remote mfe_events')).toBeInTheDocument();
  });

  it('hides the car header when there is no car, and routes paths to remotes or the 404 page', async () => {
    stubFetch({ 'GET /api/auth/user': () => json(user), 'GET /api/cars': () => json([]) });
    renderShell('/teams');
    expect(await screen.findByText('remote mfe_teams')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Selected car' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByText('remote mfe_cars')).toBeInTheDocument();
  });

  it('sends a link to the former /tyres pages on to the same page under /tires', async () => {
    stubFetch({ 'GET /api/auth/user': () => json(user), 'GET /api/cars': () => json([]) });
    const At = () => {
      const { pathname, search } = useLocation();
      return <p>{`at ${pathname}${search}`}</p>;
    };
    renderShell('/tyres/5?team=1', { load: async () => ({ default: At }) });
    expect(await screen.findByText('at /tires/5?team=1')).toBeInTheDocument();
  });

  it("shows the car header only on that car's pages: not on the Dashboard, /teams, /settings or for a missing car", async () => {
    stubFetch({ 'GET /api/auth/user': () => json(user), 'GET /api/cars': () => json([car]) });
    renderShell('/teams');
    expect(await screen.findByText('remote mfe_teams')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Selected car' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByText('remote mfe_cars')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Selected car' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));
    expect(await screen.findByText('remote mfe_teams')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Selected car' })).not.toBeInTheDocument();
  });

  it('shows no car header for a car the user does not have (Car not found)', async () => {
    stubFetch({ 'GET /api/auth/user': () => json(user), 'GET /api/cars': () => json([car]) });
    renderShell('/car/999');
    expect(await screen.findByText('remote mfe_cars')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Selected car' })).not.toBeInTheDocument();
  });

  it('shows "404 Page Not Found" for unknown paths', async () => {
    stubFetch({ 'GET /api/auth/user': () => json(user), 'GET /api/cars': () => json([]) });
    renderShell('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('signs out even when the logout call fails', async () => {
    stubFetch({
      'GET /api/auth/user': () => json(user),
      'GET /api/cars': () => json([]),
      'POST /api/auth/logout': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderShell('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('tablist', { name: 'Sign-in mode' })).toBeInTheDocument();
  });
});

describe('remote loading', () => {
  it('shows the fallback when a remote cannot load, and Retry loads it with a new lazy()', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<RemoteAppModule>>()
      .mockRejectedValueOnce(new Error('RUNTIME-003 Failed to get manifest'))
      .mockResolvedValue({ default: () => <p>Cars remote is here</p> });
    const onRetry = vi.fn();
    render(<RemoteModule name="mfe_cars" load={load} onRetry={onRetry} />);

    expect(await screen.findByText('This part of Pitwall could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Cars remote is here')).toBeInTheDocument();
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the rest of the shell working when a remote is missing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'GET /api/auth/user': () => json(user), 'GET /api/cars': () => json([]) });
    renderShell('/settings', { load: () => Promise.reject(new Error('RUNTIME-003')) });
    expect(await screen.findByText('This part of Pitwall could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
