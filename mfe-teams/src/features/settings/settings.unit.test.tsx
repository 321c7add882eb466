import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BRANDING_STORAGE_KEY, DEFAULT_BRANDING } from '@pitwall/kit';
import { callsTo, json, stubFetch } from '@pitwall/kit/test';
import { owner, renderRemote } from '../../../test/fixtures';
import { BRANDING_PRESETS } from './components/presets';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function stored() {
  const raw = window.localStorage.getItem(BRANDING_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as Record<string, string>);
}

async function openSettings() {
  const fetchMock = stubFetch({ 'GET /api/auth/user': () => json(owner), 'GET /api/teams/1/settings': () => json({ teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C' }) });
  renderRemote('/settings');
  await screen.findByRole('heading', { name: 'Team Settings' });
  return fetchMock;
}

/** Calls other than the session check (which the AuthProvider makes on start) and the read of the team's units. */
const otherCalls = (fetchMock: Awaited<ReturnType<typeof openSettings>>) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input) !== '/api/auth/user' && !(String(input) === '/api/teams/1/settings' && (init?.method ?? 'GET') === 'GET'));

describe('Team Settings (/settings)', () => {
  it('shows the branding fields with the defaults, six presets, a live preview and instructions', async () => {
    await openSettings();
    expect(screen.getByLabelText('Team Name')).toHaveValue('ONETHIRTY');
    expect(screen.getByLabelText('Team Subtitle')).toHaveValue('MOTORSPORT');
    expect(screen.getByLabelText('Logo URL')).toHaveValue('');
    expect(screen.getByLabelText('Primary Color')).toHaveValue('#0066cc');
    expect(screen.getByLabelText('Primary Color picker')).toHaveValue('#0066cc');
    expect(screen.getByLabelText('Accent Color')).toHaveValue('#ff6600');
    const presets = within(screen.getByRole('group', { name: 'Color Presets' })).getAllByRole('button');
    expect(presets.map((b) => b.textContent)).toEqual(['ONETHIRTY Blue', 'Racing Red', 'Forest Green', 'Purple Power', 'Midnight Blue', 'Classic Black']);
    expect(screen.getByRole('button', { name: 'ONETHIRTY Blue' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'Live Preview' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Instructions' })).toBeInTheDocument();
  });

  it('previews changes live, saves them only to localStorage teamConfig (no fetch) and toasts Settings saved', async () => {
    const fetchMock = await openSettings();
    const preview = within(screen.getByRole('group', { name: 'Branding preview' }));
    await userEvent.clear(screen.getByLabelText('Team Name'));
    await userEvent.type(screen.getByLabelText('Team Name'), 'Apex Garage');
    await userEvent.clear(screen.getByLabelText('Team Subtitle'));
    await userEvent.type(screen.getByLabelText('Team Subtitle'), 'CLUB RACING');
    expect(preview.getByText('Apex Garage')).toBeInTheDocument();
    expect(preview.getByText('Apex Garage Racing')).toBeInTheDocument();
    expect(stored()).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Racing Red' }));
    expect(screen.getByLabelText('Primary Color')).toHaveValue('#c8102e');
    expect(screen.getByRole('button', { name: 'Racing Red' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    const red = BRANDING_PRESETS[1]!;
    expect(stored()).toEqual({ teamName: 'Apex Garage', teamSubtitle: 'CLUB RACING', logoUrl: DEFAULT_BRANDING.logoUrl, primaryColor: red.primaryColor, accentColor: red.accentColor });
    expect(document.documentElement.style.getPropertyValue('--primary')).toBe(red.primaryColor);
    expect(otherCalls(fetchMock)).toEqual([]);
  });

  it('refuses an empty team name and a colour that is not hex', async () => {
    await openSettings();
    await userEvent.clear(screen.getByLabelText('Team Name'));
    await userEvent.clear(screen.getByLabelText('Accent Color'));
    await userEvent.type(screen.getByLabelText('Accent Color'), 'orange');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Team name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a colour as #rrggbb')).toBeInTheDocument();
    expect(stored()).toBeNull();
  });

  it('refuses a logo URL the browser would load from another site (protocol-relative, javascript:, data:)', async () => {
    await openSettings();
    for (const url of ['//evil.example/x.png', 'javascript:alert(1)', 'data:image/png;base64,iVBORw0KGgo=']) {
      await userEvent.clear(screen.getByLabelText('Logo URL'));
      await userEvent.type(screen.getByLabelText('Logo URL'), url);
      await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Logo URL must be an https: URL or an uploaded image (/api/images/…)')).toBeInTheDocument();
      expect(stored()).toBeNull();
    }
  });

  it("'Reset to Defaults' removes the stored branding, restores the form and toasts Reset to defaults (no fetch)", async () => {
    window.localStorage.setItem(BRANDING_STORAGE_KEY, JSON.stringify({ teamName: 'Apex Garage', primaryColor: '#166534' }));
    const fetchMock = await openSettings();
    expect(screen.getByLabelText('Team Name')).toHaveValue('Apex Garage');
    await userEvent.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    expect(await screen.findByText('Reset to defaults')).toBeInTheDocument();
    expect(stored()).toBeNull();
    expect(screen.getByLabelText('Team Name')).toHaveValue('ONETHIRTY');
    expect(screen.getByLabelText('Primary Color')).toHaveValue('#0066cc');
    expect(otherCalls(fetchMock)).toEqual([]);
  });
});

describe("Team Settings: the team's Units (kept on the server)", () => {
  it('shows psi and °C, and the owner saves bar and °F for the team', async () => {
    let settings = { teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr' };
    const fetchMock = stubFetch({
      'GET /api/auth/user': () => json(owner),
      'GET /api/teams/1/settings': () => json(settings),
      'PUT /api/teams/1/settings': (body) => {
        settings = { ...(body as Omit<typeof settings, 'teamId'>), teamId: 1 };
        return json(settings);
      },
    });
    renderRemote('/settings');
    const units = within(await screen.findByRole('region', { name: 'Units' }));
    expect(await units.findByRole('radio', { name: 'psi' })).toBeChecked();
    expect(units.getByRole('radio', { name: '°C' })).toBeChecked();
    await userEvent.click(units.getByRole('radio', { name: 'bar' }));
    await userEvent.click(units.getByRole('radio', { name: '°F' }));
    await userEvent.click(units.getByRole('button', { name: 'Save Units' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/teams/1/settings')).toEqual([{ pressureUnit: 'bar', temperatureUnit: 'F', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr', changeEffects: { tireLaps: 8, trackTempC: 8 } }]);
    expect(units.getByRole('radio', { name: 'bar' })).toBeChecked();
    expect(window.localStorage.getItem(BRANDING_STORAGE_KEY)).toBeNull();
  });

  it('the owner sets when two runs are not comparable; a value out of range is named and not sent', async () => {
    const settings = { teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr', changeEffects: { tireLaps: 8, trackTempC: 8 } };
    const fetchMock = stubFetch({
      'GET /api/auth/user': () => json(owner),
      'GET /api/teams/1/settings': () => json(settings),
      'PUT /api/teams/1/settings': (body) => json({ ...(body as object), teamId: 1 }),
    });
    renderRemote('/settings');
    const units = within(await screen.findByRole('region', { name: 'Units' }));
    const laps = await units.findByRole('textbox', { name: 'Tire age differs by more than (laps)' });
    expect(laps).toHaveValue('8');
    await userEvent.clear(laps);
    await userEvent.type(laps, '150');
    await userEvent.click(units.getByRole('button', { name: 'Save Units' }));
    expect(await units.findByText('changeEffects.tireLaps must be a whole number of laps from 0 to 100')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/teams/1/settings')).toEqual([]);
    await userEvent.clear(laps);
    await userEvent.type(laps, '12');
    const temperature = units.getByRole('textbox', { name: 'Track temperature differs by more than (°C)' });
    await userEvent.clear(temperature);
    await userEvent.type(temperature, '6.5');
    await userEvent.click(units.getByRole('button', { name: 'Save Units' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/teams/1/settings')).toEqual([{ pressureUnit: 'psi', temperatureUnit: 'C', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr', changeEffects: { tireLaps: 12, trackTempC: 6.5 } }]);
  });

  it('a mechanic reads the units but cannot change them', async () => {
    const mechanic = { ...owner, role: 'mechanic' as const, teams: [{ ...owner.teams[0]!, role: 'mechanic' as const }] };
    stubFetch({ 'GET /api/auth/user': () => json(mechanic), 'GET /api/teams/1/settings': () => json({ teamId: 1, pressureUnit: 'bar', temperatureUnit: 'C' }) });
    renderRemote('/settings');
    const units = within(await screen.findByRole('region', { name: 'Units' }));
    expect(await units.findByRole('radio', { name: 'bar' })).toBeChecked();
    expect(units.getByRole('radio', { name: 'psi' })).toBeDisabled();
    expect(units.queryByRole('button', { name: 'Save Units' })).not.toBeInTheDocument();
    expect(units.getByText('Only the team owner or an admin can change the units.')).toBeInTheDocument();
  });
});
