import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { json, stubFetch } from '../../test/fetch-stub';
import { signedInOwner } from '../../test/signed-in-owner';
import { AuthProvider } from './auth';
import { BRANDING_STORAGE_KEY, BrandingProvider, DEFAULT_BRANDING, parseBranding, racingName, useBranding } from './branding';

function Probe() {
  const { branding, setBranding } = useBranding();
  return (
    <div>
      <p>{`${branding.teamName} / ${branding.teamSubtitle} / ${branding.primaryColor}`}</p>
      <button type="button" onClick={() => setBranding({ teamName: 'APEX' })}>
        Rename
      </button>
    </div>
  );
}

describe('branding store', () => {
  beforeEach(() => localStorage.clear());

  it('has the spec defaults', () => {
    expect(DEFAULT_BRANDING).toMatchObject({
      teamName: 'ONETHIRTY',
      teamSubtitle: 'MOTORSPORT',
      primaryColor: '#0066cc',
      accentColor: '#ff6600',
    });
    expect(DEFAULT_BRANDING.logoUrl).toBeTruthy();
  });

  it('merges stored values over the defaults', () => {
    expect(parseBranding(JSON.stringify({ teamName: 'APEX', primaryColor: '#112233' }))).toEqual({
      ...DEFAULT_BRANDING,
      teamName: 'APEX',
      primaryColor: '#112233',
    });
  });

  it.each(['//evil.example/x.png', 'javascript:alert(1)', 'data:image/svg+xml,<svg/>', 'http://example.com/logo.png'])('never takes the stored logo URL %s: the bundled logo shows', (logoUrl) => {
    expect(parseBranding(JSON.stringify({ teamName: 'APEX', logoUrl }))).toEqual({ ...DEFAULT_BRANDING, teamName: 'APEX' });
  });

  it('takes a stored https: or uploaded logo URL', () => {
    expect(parseBranding(JSON.stringify({ logoUrl: 'https://cdn.example.com/apex.png' })).logoUrl).toBe('https://cdn.example.com/apex.png');
    expect(parseBranding(JSON.stringify({ logoUrl: '/api/images/abc.webp' })).logoUrl).toBe('/api/images/abc.webp');
  });

  it('falls back to the defaults when the stored value cannot be parsed', () => {
    expect(parseBranding('{not json')).toEqual(DEFAULT_BRANDING);
    expect(parseBranding('[1,2]')).toEqual(DEFAULT_BRANDING);
    expect(parseBranding(null)).toEqual(DEFAULT_BRANDING);
  });

  it('applies the colours as CSS custom properties and stores changes under teamConfig', async () => {
    localStorage.setItem(BRANDING_STORAGE_KEY, JSON.stringify({ primaryColor: '#123456' }));
    render(
      <BrandingProvider>
        <Probe />
      </BrandingProvider>,
    );
    expect(screen.getByText('ONETHIRTY / MOTORSPORT / #123456')).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--primary')).toBe('#123456');
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('#ff6600');

    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByText('APEX / MOTORSPORT / #123456')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(BRANDING_STORAGE_KEY) ?? '{}')).toMatchObject({ teamName: 'APEX' });
  });

  it('follows storage events from other tabs', () => {
    render(
      <BrandingProvider>
        <Probe />
      </BrandingProvider>,
    );
    localStorage.setItem(BRANDING_STORAGE_KEY, JSON.stringify({ teamName: 'FROM TAB', accentColor: '#00ff00' }));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: BRANDING_STORAGE_KEY }));
    });
    expect(screen.getByText('FROM TAB / MOTORSPORT / #0066cc')).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('#00ff00');
  });
});

describe("the team name before a team chooses its branding", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  /** The branding store under a signed-in user of the team 'Apex Racing'. */
  async function renderSignedIn() {
    stubFetch({ 'GET /api/auth/user': () => json(signedInOwner) });
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <BrandingProvider>
          <AuthProvider>
            <Probe />
          </AuthProvider>
        </BrandingProvider>
      </QueryClientProvider>,
    );
    await screen.findByText(/^Apex Racing \//);
  }

  it("is the signed-in team's own name, not the default", async () => {
    await renderSignedIn();
    expect(screen.getByText('Apex Racing / MOTORSPORT / #0066cc')).toBeInTheDocument();
  });

  it('is the name the team chose on this device once it chose one', async () => {
    await renderSignedIn();
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByText('APEX / MOTORSPORT / #0066cc')).toBeInTheDocument();
  });
});

describe('racingName', () => {
  it("adds 'Racing' to a name without it, once", () => {
    expect(racingName('ONETHIRTY')).toBe('ONETHIRTY Racing');
    expect(racingName('Apex Racing')).toBe('Apex Racing');
  });
});
