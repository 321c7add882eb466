import { matchPath } from 'react-router-dom';
import { DEFAULT_REMOTE_URLS } from './default-remotes';
import { REMOTE_PATHS, remoteManifestsByPath } from './remote-paths';

/** Paths of every remote, of the 404 page, and the edge cases of react-router's matching (case, trailing slash, a splat's own root). */
const PATHS = ['/', '/car/1', '/car/1/', '/CAR/1', '/car/1/issues', '/car/1/issues/7', '/car/1/gallery', '/car/1/events', '/car/1/events/2/sessions/3', '/car/1/events/2/sessions/new', '/car/1/events/2/history', '/parts', '/parts/4', '/tires/5', '/teams', '/settings/branding', '/series/1/rounds', '/car', '/car/1/setup', '/nowhere', '/cars/1'];

/** The manifest of the remote react-router gives `pathname` to, or undefined for the 404 page. */
function manifestByRouter(pathname: string): string | undefined {
  const remote = REMOTE_PATHS.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  return remote && DEFAULT_REMOTE_URLS[remote.replace('mfe_', '') as keyof typeof DEFAULT_REMOTE_URLS];
}

/** The entry of the table index.html uses for `pathname` (the first pattern that holds, as its script reads it). */
function entryByPage(pathname: string) {
  return remoteManifestsByPath().find(([source]) => new RegExp(source, 'i').test(pathname));
}

/** The manifest index.html starts for `pathname`. */
function manifestByPage(pathname: string): string | undefined {
  return entryByPage(pathname)?.[1];
}

describe('remoteManifestsByPath', () => {
  it.each(PATHS)('starts the manifest of the remote the router shows %s with', (pathname) => {
    expect(manifestByPage(pathname)).toBe(manifestByRouter(pathname));
  });
});

describe('the remote of a path', () => {
  it.each([
    ['/car/1/issues/7', 'mfe_cars'],
    ['/parts/4/anything', 'mfe_cars'],
    ['/car/1/events/2/no-such-tab', 'mfe_events'],
    ['/car/1/events/2/sessions/3', 'mfe_events'],
    ['/settings/branding', 'mfe_teams'],
    ['/car/1/setup', undefined],
    ['/teams/1/more', 'mfe_teams'],
    ['/cars/1', undefined],
  ])("is %s's remote as its screens make it (a path below one ending in a word is that remote's 404 page)", (pathname, remote) => {
    expect(REMOTE_PATHS.find(([pattern]) => matchPath(pattern, pathname))?.[1]).toBe(remote);
  });
});

describe('the chunk groups a path starts with the page', () => {
  const RACE_EVENT = ['kit-parts', 'shared:@pitwall/setup-forms/display'];

  it("are the kit's parts and the race event screens' shared setup values on a race event's Overview, Issues and forms", () => {
    for (const pathname of ['/car/1/events/2', '/car/1/events/2/', '/car/1/events/2/issues', '/car/1/events/2/tire-pressures']) {
      expect(entryByPage(pathname)?.[2]).toEqual(RACE_EVENT);
    }
  });

  it("add the Sessions tab's chunk on its paths, its run sheet's entries on a session's run sheet, and a tab's own chunk on a tab that has one", () => {
    for (const pathname of ['/car/1/events/2/sessions', '/car/1/events/2/sessions/new', '/car/1/events/2/sessions/suggest']) {
      expect(entryByPage(pathname)?.[2]).toEqual(['sessions', ...RACE_EVENT]);
    }
    expect(entryByPage('/car/1/events/2/sessions/3')?.[2]).toEqual(['sessions', 'run-sheet', ...RACE_EVENT]);
    expect(entryByPage('/car/1/events/2/technical')?.[2]).toEqual(['technical-settings', ...RACE_EVENT]);
    expect(entryByPage('/car/1/events/2/race-plan')?.[2]).toEqual(['race-plan', ...RACE_EVENT]);
    expect(entryByPage('/car/1/events/2/history')?.[2]).toEqual(['setup-history', ...RACE_EVENT]);
  });

  it("are the car page's chunk, the kit's parts and the shared setup values on a car page, the dashboard's chunk on the dashboard, and none on a race event list", () => {
    expect(entryByPage('/car/1')?.[2]).toEqual(['car-detail', 'kit-parts', 'shared:@pitwall/setup-forms/display']);
    expect(entryByPage('/')?.[2]).toEqual(['dashboard']);
    expect(entryByPage('/car/1/events')?.[2]).toEqual([]);
  });

  it("are the kit's form parts on Team Settings (its colour fields), and none on the teams list (its dialogs load when opened)", () => {
    expect(entryByPage('/settings')?.[2]).toEqual(['kit-form-parts']);
    expect(entryByPage('/teams')?.[2]).toEqual([]);
  });
});

describe('the view a path starts with the page', () => {
  /** The URL of the view index.html starts for `pathname`, its `:params` filled from the pattern's groups, as its script does. */
  function viewByPage(pathname: string): string | null | undefined {
    const entry = entryByPage(pathname);
    if (!entry?.[3]) return entry?.[3];
    const groups = new RegExp(entry[0], 'i').exec(pathname)!.groups ?? {};
    return entry[3].replace(/:(\w+)/g, (_, name: string) => groups[name]!);
  }

  it("is the car list on the dashboard, the car page's view on a car page, a race event's view on each of its screens", () => {
    expect(viewByPage('/')).toBe('/api/cars');
    expect(viewByPage('/car/12')).toBe('/api/cars/12/view');
    for (const pathname of ['/car/1/events/2', '/car/1/events/2/sessions/3', '/car/1/events/2/sessions/new', '/car/1/events/2/history', '/car/1/events/2/tire-pressures']) {
      expect(viewByPage(pathname), pathname).toBe('/api/cars/1/events/2/view');
    }
  });

  it("is none where the screen's data waits for its code: the race event list, 'Add New Event', the parts store, a team", () => {
    for (const pathname of ['/car/1/events', '/car/1/events/new', '/parts', '/teams/3', '/car/1/issues']) expect(viewByPage(pathname), pathname).toBeNull();
  });
});
