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
}

/** A remote's screens, by a name its router picks each one's element with. */
export type Screens = Readonly<Record<string, Screen>>;
