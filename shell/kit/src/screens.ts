/**
 * One screen of a remote, as the remote's table of screens (its src/screens.ts) lists it. The
 * remote's router routes its paths from that table, and the shell reads every table, in its build
 * and at run time, to pick the remote that shows a path and what the page starts with it
 * (shell/src/remotes/remote-paths.ts): so a path, its remote and its chunks are written once.
 * The table is plain data: the shell's build reads it without a browser, and the shell bundles it
 * without the remote's code.
 */
export interface Screen {
  /** Its react-router path pattern, from the root ('/car/:id'). */
  readonly path: string;
  /**
   * Its own lazy chunk (`webpackChunkName`), which the remote's router loads for the path; none
   * when the screen comes with the remote's App.
   */
  readonly chunk?: string;
  /**
   * Other named chunk groups its first view needs at once, as in the build's chunk-groups.json: a
   * lazy part it shows as it opens (a run sheet's entries), the kit's 'kit-parts' (its Tabs,
   * Accordion) or 'kit-form-parts' (a form control shown as it opens), and as 'shared:<module>'
   * the remote's own copy of a shared module the shell does not provide.
   */
  readonly preload?: readonly string[];
  /**
   * The GET that answers its first view (SCREEN_VIEW_URLS), which the page starts once the session
   * check answers and the shell puts into the query cache before the remote's code has run; none
   * when the screen's data waits for its code.
   */
  readonly view?: ScreenView;
}

/**
 * The GETs that answer a first screen (the kit's views, src/api/views.ts): 'cars' the dashboard's
 * car list, 'car' the car page's view, 'raceEvent' a race event's view (every tab, run sheet and
 * form of it waits for it before it asks for anything else).
 */
export type ScreenView = 'cars' | 'car' | 'raceEvent';

/**
 * Each ScreenView's URL, its `:params` those of the screen's path (whole positive numbers, or the
 * view is not started): the URLs getCarsQueryOptions, getCarViewQueryOptions and
 * getRaceEventViewQueryOptions fetch.
 */
export const SCREEN_VIEW_URLS: Readonly<Record<ScreenView, string>> = {
  cars: '/api/cars',
  car: '/api/cars/:id/view',
  raceEvent: '/api/cars/:id/events/:raceEventId/view',
};

/** A remote's screens, by a name its router picks each one's element with. */
export type Screens = Readonly<Record<string, Screen>>;
