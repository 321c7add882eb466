import type { Screen, Screens } from '@pitwall/kit';
import { FORM_PATHS, type RaceEventForm } from './features/race-events/lib/race-event-paths';

const RACE_EVENT_PATH = '/car/:id/events/:raceEventId';

/**
 * A screen of one race event at `below` its path (its tabs, a session's run sheet, its forms),
 * with `ownGroups`, the chunk groups of its own first view (none for the Overview): every such screen holds its
 * content in the kit's Tabs, shows setup values and their units (@pitwall/setup-forms' zod-free
 * display entry, which only the remotes provide) and reads the race event's view first.
 */
const raceEventScreen = (below: string, ownGroups: readonly string[] = []): Screen => ({
  path: below ? `${RACE_EVENT_PATH}/${below}` : RACE_EVENT_PATH,
  preload: [...ownGroups, 'kit-parts', 'shared:@pitwall/setup-forms/display'],
  view: 'raceEvent',
});

/** A full-page form of a race event, at its path below the race event (FORM_PATHS). */
const formScreen = (form: RaceEventForm): Screen => raceEventScreen(FORM_PATHS[form]);

/**
 * mfe-events' screens (docs/product.md, 'Screens and routes'; src/features/race-events/lib/race-event-paths.ts):
 * its router's routes (src/app.tsx: a race event's tabs and forms below the race event) and what
 * the shell's page starts with each path (shell/src/remotes/remote-paths.ts); the first that holds
 * decides, so 'new' comes before a race event's id and a session's. The tabs that are no first
 * screen of the Overview or Sessions come in chunks of their own, as does the part of a run sheet
 * a crew enters (lap times, pit stops, …): the tab's or the run sheet's view loads them, the page
 * starts them with the URL. The Sessions tab's own paths (a run sheet, Add Session, 'Suggest cold
 * pressures') are read by the tab (sessionViewOf). Any other path below '/car/:id/events' is this
 * remote's too: its 404 page.
 */
export const EVENTS_SCREENS = {
  list: { path: '/car/:id/events' },
  add: { path: '/car/:id/events/new' },
  sheet: { path: '/car/:id/events/sheet' },
  overview: raceEventScreen(''),
  technical: raceEventScreen('technical', ['technical-settings']),
  addSession: raceEventScreen('sessions/new', ['sessions']),
  suggestPressures: raceEventScreen('sessions/suggest', ['sessions']),
  runSheet: raceEventScreen('sessions/:sessionId', ['sessions', 'run-sheet']),
  sessions: raceEventScreen('sessions/*', ['sessions']),
  racePlan: raceEventScreen('race-plan', ['race-plan']),
  issues: raceEventScreen('issues'),
  images: raceEventScreen('images'),
  history: raceEventScreen('history', ['setup-history']),
  // The forms as 'form:<form>': the 'images' form is not the Images tab.
  'form:add-issue': formScreen('add-issue'),
  'form:final-drive': formScreen('final-drive'),
  'form:suspension': formScreen('suspension'),
  'form:tire-pressures': formScreen('tire-pressures'),
  'form:setup': formScreen('setup'),
  'form:setup-sheet': formScreen('setup-sheet'),
  'form:images': formScreen('images'),
} as const satisfies Screens;
