import type { Screen, Screens } from '@pitwall/kit';
import { FORM_PATHS, type RaceEventForm } from './features/race-events/lib/race-event-paths';

/**
 * A race event's screens (its tabs, a session's run sheet, its forms) hold their content in the
 * kit's Tabs and show setup values and their units (@pitwall/setup-forms' zod-free entries, which
 * only the remotes provide).
 */
const RACE_EVENT = ['kit-parts', 'shared:@pitwall/setup-forms/display', 'shared:@pitwall/setup-forms/units'];
const RACE_EVENT_PATH = '/car/:id/events/:raceEventId';

/** A full-page form of a race event, at its path below the race event (FORM_PATHS). */
const formScreen = (form: RaceEventForm): Screen => ({ path: `${RACE_EVENT_PATH}/${FORM_PATHS[form]}`, preload: RACE_EVENT });

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
  overview: { path: RACE_EVENT_PATH, preload: RACE_EVENT },
  technical: { path: `${RACE_EVENT_PATH}/technical`, preload: ['technical-settings', ...RACE_EVENT] },
  addSession: { path: `${RACE_EVENT_PATH}/sessions/new`, preload: RACE_EVENT },
  suggestPressures: { path: `${RACE_EVENT_PATH}/sessions/suggest`, preload: RACE_EVENT },
  runSheet: { path: `${RACE_EVENT_PATH}/sessions/:sessionId`, preload: ['run-sheet', ...RACE_EVENT] },
  sessions: { path: `${RACE_EVENT_PATH}/sessions/*`, preload: RACE_EVENT },
  racePlan: { path: `${RACE_EVENT_PATH}/race-plan`, preload: ['race-plan', ...RACE_EVENT] },
  issues: { path: `${RACE_EVENT_PATH}/issues`, preload: RACE_EVENT },
  images: { path: `${RACE_EVENT_PATH}/images`, preload: RACE_EVENT },
  history: { path: `${RACE_EVENT_PATH}/history`, preload: ['setup-history', ...RACE_EVENT] },
  // The forms as 'form:<form>': the 'images' form is not the Images tab.
  'form:add-issue': formScreen('add-issue'),
  'form:final-drive': formScreen('final-drive'),
  'form:suspension': formScreen('suspension'),
  'form:tire-pressures': formScreen('tire-pressures'),
  'form:setup': formScreen('setup'),
  'form:setup-sheet': formScreen('setup-sheet'),
  'form:images': formScreen('images'),
} as const satisfies Screens;
