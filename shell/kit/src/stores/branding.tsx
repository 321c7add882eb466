import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import defaultLogo from '../assets/logo.svg';
import { safeImageUrl } from '../uploads/safe-image-url';
import { useSignedInUser } from './auth';

/** The team look, kept only in this browser (docs/product.md, 'Settings and branding'). */
export interface Branding {
  teamName: string;
  teamSubtitle: string;
  logoUrl: string;
  primaryColor: string;
  accentColor: string;
}

/** localStorage key of the branding (docs/product.md, 'Settings and branding'). */
export const BRANDING_STORAGE_KEY = 'teamConfig';

/** The default branding (docs/product.md, 'Settings and branding'). */
export const DEFAULT_BRANDING: Readonly<Branding> = Object.freeze({
  teamName: 'ONETHIRTY',
  teamSubtitle: 'MOTORSPORT',
  logoUrl: defaultLogo,
  primaryColor: '#0066cc',
  accentColor: '#ff6600',
});

/**
 * Parses a stored value: its string fields are merged over the defaults; a missing, unparsable or
 * non-object value gives the defaults, and so does a stored logo URL safeImageUrl refuses ('//host/x.png',
 * 'javascript:', 'data:' …), so the logo is only ever the bundled one, an uploaded image or an https: URL.
 */
export function parseBranding(raw: string | null): Branding {
  if (!raw) return { ...DEFAULT_BRANDING };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ...DEFAULT_BRANDING };
    const merged: Branding = { ...DEFAULT_BRANDING };
    for (const key of Object.keys(DEFAULT_BRANDING) as (keyof Branding)[]) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '' && (key !== 'logoUrl' || value === DEFAULT_BRANDING.logoUrl || safeImageUrl(value))) merged[key] = value;
    }
    return merged;
  } catch {
    return { ...DEFAULT_BRANDING };
  }
}

/** The team's name with 'Racing' after it ('ONETHIRTY Racing'), unless the name already ends so ('Apex Garage Racing'). */
export function racingName(teamName: string): string {
  return /\bracing$/i.test(teamName.trim()) ? teamName.trim() : `${teamName.trim()} Racing`;
}

/** Whether the team chose a team name on this device (a stored branding holding a non-blank one). */
function storedTeamName(): boolean {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(BRANDING_STORAGE_KEY) ?? 'null');
    const name = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>).teamName : undefined;
    return typeof name === 'string' && name.trim() !== '';
  } catch {
    return false;
  }
}

/** Reads the branding from localStorage (defaults when storage is unavailable). */
export function readBranding(): Branding {
  try {
    return parseBranding(window.localStorage.getItem(BRANDING_STORAGE_KEY));
  } catch {
    return { ...DEFAULT_BRANDING };
  }
}

function applyTheme(branding: Branding) {
  const style = document.documentElement.style;
  style.setProperty('--primary', branding.primaryColor);
  style.setProperty('--accent', branding.accentColor);
}

export interface BrandingState {
  branding: Branding;
  /** Merges `patch` over the current branding, stores it and applies it at once. */
  setBranding: (patch: Partial<Branding>) => void;
  /** Removes the stored branding: the defaults apply. */
  resetBranding: () => void;
}

/** The store's value: the branding as stored (or the defaults) and whether it holds a chosen team name. */
const BrandingContext = createContext<(BrandingState & { teamNameChosen: boolean }) | null>(null);

/** Provides the branding and keeps `--primary`/`--accent` on <html> in step with it. */
export function BrandingProvider({ children }: { children: ReactNode }) {
  const [branding, setState] = useState<Branding>(readBranding);
  const [teamNameChosen, setTeamNameChosen] = useState(storedTeamName);

  useEffect(() => applyTheme(branding), [branding]);

  useEffect(() => {
    // Another tab (or a screen writing localStorage directly) changed the branding.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== BRANDING_STORAGE_KEY) return;
      setState(readBranding());
      setTeamNameChosen(storedTeamName());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setBranding = useCallback((patch: Partial<Branding>) => {
    if (patch.teamName?.trim()) setTeamNameChosen(true);
    setState((current) => {
      const next = { ...current, ...patch };
      try {
        window.localStorage.setItem(BRANDING_STORAGE_KEY, JSON.stringify(next));
      } catch (error) {
        console.warn('Could not store the branding', error);
      }
      return next;
    });
  }, []);

  const resetBranding = useCallback(() => {
    try {
      window.localStorage.removeItem(BRANDING_STORAGE_KEY);
    } catch {
      // Storage unavailable: the in-memory reset still applies.
    }
    setState({ ...DEFAULT_BRANDING });
    setTeamNameChosen(false);
  }, []);

  const value = useMemo(() => ({ branding, setBranding, resetBranding, teamNameChosen }), [branding, setBranding, resetBranding, teamNameChosen]);
  return <BrandingContext.Provider value={value}>{children}</BrandingContext.Provider>;
}

/**
 * The branding store. Until a team name is chosen on this device, the team name is the signed-in
 * user's team's own name (their first team; the defaults' 'ONETHIRTY' when signed out or in no
 * team), so a new team never reads another team's name. The branding stays on the device: nothing
 * is sent. Throws when used outside BrandingProvider.
 */
export function useBranding(): BrandingState {
  const value = useContext(BrandingContext);
  if (!value) throw new Error('useBranding must be used inside <BrandingProvider>');
  const ownTeamName = useSignedInUser()?.teams[0]?.teamName;
  const { branding, setBranding, resetBranding, teamNameChosen } = value;
  const teamName = teamNameChosen || !ownTeamName ? branding.teamName : ownTeamName;
  const shown = useMemo(() => (teamName === branding.teamName ? branding : { ...branding, teamName }), [branding, teamName]);
  return useMemo(() => ({ branding: shown, setBranding, resetBranding }), [shown, setBranding, resetBranding]);
}
