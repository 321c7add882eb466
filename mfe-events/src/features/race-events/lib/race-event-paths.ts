/**
 * The Events screen's URLs. Each view has a path of its own, so links, reloads and Back work:
 * - /car/{carId}/events — the race events list; /car/{carId}/events/new — 'Add New Event';
 * - /car/{carId}/events/{raceEventId}[/{tab}] — a race event's detail on a tab (Overview without one);
 * - /car/{carId}/events/{raceEventId}/sessions/{sessionId|new|suggest} — a session's run sheet,
 *   Add Session, 'Suggest cold pressures';
 * - /car/{carId}/events/{raceEventId}/{form path} — a full-page form (see FORM_PATHS).
 * The product's shared links `/car/{carId}/events?eventId=…[&tab=…][&session=…][&form=…]` keep
 * working: {@link legacyEventsTarget} names the path they redirect to.
 */

/** The full-page forms of a race event ('setup' is Pitwall's combined 'Edit Setup', 'setup-sheet' the engineer's sheet): each replaces the detail view. */
export type RaceEventForm = 'add-issue' | 'final-drive' | 'suspension' | 'tire-pressures' | 'setup' | 'setup-sheet' | 'images';
/** The detail tabs: the product's four, 'sessions' (run sheets), 'race-plan' (endurance racing) and 'history' (the setup audit). */
export type RaceEventTab = 'overview' | 'technical' | 'sessions' | 'race-plan' | 'issues' | 'images' | 'history';
/** What the Sessions tab shows below its path: a session's run sheet (its id), Add Session or 'Suggest cold pressures'. */
export type SessionView = number | 'new' | 'suggest';

const RACE_EVENT_TABS: readonly RaceEventTab[] = ['overview', 'technical', 'sessions', 'race-plan', 'issues', 'images', 'history'];

/** Each full-page form's path below its race event ('images' is also a tab, so its form is 'images/manage'). */
export const FORM_PATHS: Readonly<Record<RaceEventForm, string>> = {
  'add-issue': 'issues/new',
  'final-drive': 'final-drive',
  suspension: 'suspension',
  'tire-pressures': 'tire-pressures',
  setup: 'setup',
  'setup-sheet': 'setup-sheet',
  images: 'images/manage',
};

const isForm = (value: string | null): value is RaceEventForm => value !== null && Object.hasOwn(FORM_PATHS, value);

/** The race events list of a car. */
export const raceEventsPath = (carId: number) => `/car/${carId}/events`;
/** 'Add New Event' of a car. */
export const addRaceEventPath = (carId: number) => `/car/${carId}/events/new`;
/** A race event's detail on `tab` (Overview: the race event's own path). */
export const raceEventPath = (carId: number, raceEventId: number, tab: RaceEventTab = 'overview') =>
  `/car/${carId}/events/${raceEventId}${tab === 'overview' ? '' : `/${tab}`}`;
/** A full-page form of a race event. */
export const raceEventFormPath = (carId: number, raceEventId: number, form: RaceEventForm) => `/car/${carId}/events/${raceEventId}/${FORM_PATHS[form]}`;
/** A session's run sheet, Add Session ('new') or 'Suggest cold pressures' ('suggest') on a race event's Sessions tab. */
export const sessionPath = (carId: number, raceEventId: number, view: SessionView) => `/car/${carId}/events/${raceEventId}/sessions/${view}`;

/** The tab a race event's path shows: `rest` is the path below the race event ('sessions/21' is the Sessions tab). */
export function tabOfPath(rest: string): RaceEventTab {
  const first = rest.split('/')[0] ?? '';
  return RACE_EVENT_TABS.find((tab) => tab === first) ?? 'overview';
}

/** What `rest`, the path below a race event's Sessions tab, opens: a session id, 'new', 'suggest', or null for the session cards. */
export function sessionViewOf(rest: string): SessionView | null {
  if (rest === 'new' || rest === 'suggest') return rest;
  return /^\d+$/.test(rest) ? Number.parseInt(rest, 10) : null;
}

/**
 * Where a shared link in the query-string form `/car/{carId}/events?eventId=…&tab=…&session=…&form=…`
 * now lives, or null when `search` names no race event and no form (the list itself). `?form=add-event`
 * is 'Add New Event' (with or without `eventId`); with `eventId`, a known `form` wins over the tab; `session` counts on the
 * Sessions tab only; an unknown tab is the Overview. An `eventId` that is not an id stays on the list.
 */
export function legacyEventsTarget(carId: number, search: URLSearchParams): string | null {
  const eventId = search.get('eventId');
  const form = search.get('form');
  if (form === 'add-event') return addRaceEventPath(carId);
  if (eventId === null) return null;
  if (!/^\d+$/.test(eventId)) return null;
  const raceEventId = Number.parseInt(eventId, 10);
  if (isForm(form)) return raceEventFormPath(carId, raceEventId, form);
  const tab = RACE_EVENT_TABS.find((t) => t === search.get('tab')) ?? 'overview';
  const session = tab === 'sessions' ? sessionViewOf(search.get('session') ?? '') : null;
  return session === null ? raceEventPath(carId, raceEventId, tab) : sessionPath(carId, raceEventId, session);
}
