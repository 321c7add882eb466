import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';

/** The full-page forms of the Events screen (docs/product.md, 'Race events'; 'setup' is Pitwall's combined 'Edit Setup'): each replaces the list or the detail view. */
export type RaceEventForm = 'add-event' | 'add-issue' | 'final-drive' | 'suspension' | 'tire-pressures' | 'setup' | 'images';
/** The detail tabs: the spec's four, 'sessions' (run sheets), 'race-plan' (endurance racing) and 'history' (the setup audit). */
export type RaceEventTab = 'overview' | 'technical' | 'sessions' | 'race-plan' | 'issues' | 'images' | 'history';

const FORMS: readonly RaceEventForm[] = ['add-event', 'add-issue', 'final-drive', 'suspension', 'tire-pressures', 'setup', 'images'];
const TABS: readonly RaceEventTab[] = ['overview', 'technical', 'sessions', 'race-plan', 'issues', 'images', 'history'];

/** Parses a whole positive number, or NaN. */
function parseId(value: string | null | undefined): number {
  return value && /^\d+$/.test(value) ? Number.parseInt(value, 10) : Number.NaN;
}

/**
 * The Events screen's view state, kept in the URL so links, reloads and Back work:
 * /car/{carId}/events?eventId={id}&tab={tab}&form={form}. Opening an event or a form pushes a
 * history entry; switching tabs and leaving a form replace it.
 */
export function useRaceEventsView() {
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const carId = parseId(params.id);
  const eventIdParam = searchParams.get('eventId');
  const eventId = eventIdParam === null ? null : parseId(eventIdParam);
  const formParam = searchParams.get('form');
  const form = FORMS.find((f) => f === formParam) ?? null;
  const tabParam = searchParams.get('tab');
  const tab: RaceEventTab = TABS.find((t) => t === tabParam) ?? 'overview';

  const update = useCallback(
    (changes: Record<string, string | null>, replace: boolean) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setSearchParams],
  );

  return {
    carId,
    /** null in list mode; NaN when the URL holds something that is not an id. */
    eventId,
    form,
    tab,
    /** A session's run sheet, its Add Session or its 'Suggest cold pressures' is open (`&session=` on the Sessions tab). */
    sessionOpen: tab === 'sessions' && searchParams.has('session'),
    openEvent: useCallback((id: number) => update({ eventId: String(id), tab: null, form: null, session: null }, false), [update]),
    showEventAfterCreate: useCallback((id: number) => update({ eventId: String(id), tab: null, form: null }, true), [update]),
    backToList: useCallback(() => update({ eventId: null, tab: null, form: null, session: null }, false), [update]),
    openForm: useCallback((name: RaceEventForm) => update({ form: name }, false), [update]),
    closeForm: useCallback(() => update({ form: null }, true), [update]),
    setTab: useCallback((name: RaceEventTab) => update({ tab: name === 'overview' ? null : name, session: null }, true), [update]),
  };
}

export type RaceEventsView = ReturnType<typeof useRaceEventsView>;
