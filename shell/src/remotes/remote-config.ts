import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { earlyResponse } from '@pitwall/kit';
import { DEFAULT_REMOTE_URLS, remoteUrlsOf } from './default-remotes';
import type { RemoteAppModule } from './remote-module';
import type { RemoteName } from './remote-paths';

export type { RemoteName };

/** Shape of GET /config.json (served by the server, not bundled; editable at deploy time). */
export interface RemoteConfig {
  remotes: { cars: string; events: string; teams: string };
}

const DEFAULT_CONFIG: RemoteConfig = { remotes: DEFAULT_REMOTE_URLS };

let entries: Record<RemoteName, string> = toEntries(DEFAULT_CONFIG);

function toEntries(config: RemoteConfig): Record<RemoteName, string> {
  return { mfe_cars: config.remotes.cars, mfe_events: config.remotes.events, mfe_teams: config.remotes.teams };
}

/** Reads /config.json (the answer index.html asked for, if any); when it cannot be read the default URLs under /remotes/ apply. */
export async function loadRemoteConfig(): Promise<RemoteConfig> {
  try {
    const response = (await earlyResponse('/config.json')) ?? (await fetch('/config.json', { cache: 'no-cache' }));
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    const config = (await response.json()) as { remotes?: unknown };
    return { remotes: remoteUrlsOf(config.remotes) };
  } catch (error) {
    console.warn('[pitwall] /config.json could not be read; using the default remote URLs', error);
    return DEFAULT_CONFIG;
  }
}

/** Registers every remote's manifest URL with the Module Federation runtime (before the first render). */
export function registerAllRemotes(config: RemoteConfig): void {
  entries = toEntries(config);
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
}

/** Re-registers one remote, dropping the runtime's cached (failed) copy, before a retry. */
export function resetRemote(name: RemoteName): void {
  registerRemotes([{ name, entry: entries[name] }], { force: true });
}

/** Loads a remote's exposed './App' through the Module Federation runtime (which keeps it once loaded). */
export function loadRemoteApp(name: RemoteName): Promise<RemoteAppModule | null | undefined> {
  return loadRemote<RemoteAppModule>(`${name}/App`);
}
