import { Suspense, use, type ComponentType } from 'react';
import { useLoadingIndicator } from './screen-loading';
import type * as FormParts from './lazy-form-parts';
import type * as ScreenParts from './lazy-screen-parts';

/**
 * The kit's Ark UI-heavy components and the forms-only ColorField load in two chunks of their own,
 * out of the shell's initial JS (budget ≤ 150 kB gz, bench/README.md), split by when a screen shows
 * them:
 * - 'kit-parts' (./lazy-screen-parts): Tabs and Accordion, which hold a first screen (the car page,
 *   a race event's screens, the login screen). The shell's page starts it with the page on the paths
 *   whose first screen shows one (its `preload` in the remote's table of screens, src/screens.ts); `preloadKitScreenParts()`
 *   starts it from code.
 * - 'kit-form-parts' (./lazy-form-parts): Dialog, ConfirmDialog, SwitchField, SwatchPicker and
 *   ColorField, shown once a dialog opens or a form is used; not in a first screen's wave.
 * Same names, props and markup as the components they wrap. `preloadKitParts()` fetches both (the
 * shell calls it once the first screen is shown; the web test setup awaits it), after which every
 * part renders synchronously. A part rendered before its chunk arrived suspends inside its own
 * boundary (renders nothing for a moment, the screen counting as loading), never its parent's; a
 * closed dialog loads nothing.
 */

/** One lazily loaded chunk: its module once loaded, and `load()`, which imports it once. */
interface LazyChunk<M> {
  loaded: M | null;
  /** Starts (once) loading the chunk; resolves with its module. */
  load: () => Promise<M>;
}

function lazyChunk<M>(importChunk: () => Promise<M>): LazyChunk<M> {
  let loading: Promise<M> | null = null;
  const chunk: LazyChunk<M> = {
    loaded: null,
    load: () => (loading ??= importChunk().then((m) => (chunk.loaded = m))),
  };
  return chunk;
}

const screenParts = lazyChunk<typeof ScreenParts>(() => import(/* webpackChunkName: 'kit-parts' */ './lazy-screen-parts'));
const formParts = lazyChunk<typeof FormParts>(() => import(/* webpackChunkName: 'kit-form-parts' */ './lazy-form-parts'));

/**
 * Starts (once) loading the chunk of the parts a first screen shows (Tabs, Accordion), not the
 * dialogs and form controls; resolves when Tabs and Accordion render synchronously.
 */
export async function preloadKitScreenParts(): Promise<void> {
  await screenParts.load();
}

/** Starts (once) loading both chunks of the kit's lazy parts; resolves when every part renders synchronously. */
export async function preloadKitParts(): Promise<void> {
  await Promise.all([screenParts.load(), formParts.load()]);
}

/** The fallback of a part waiting for its chunk: nothing, a loading indicator while committed (./screen-loading). */
function WaitingPart() {
  useLoadingIndicator();
  return null;
}

function lazyPart<M, P extends object>(chunk: LazyChunk<M>, pick: (m: M) => ComponentType<P>, renderNothingWhile?: (props: P) => boolean) {
  function Loaded(props: P) {
    const Component = pick(chunk.loaded ?? use(chunk.load()));
    return <Component {...props} />;
  }
  return function LazyPart(props: P) {
    if (!chunk.loaded && renderNothingWhile?.(props)) return null;
    return (
      <Suspense fallback={<WaitingPart />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** See ./tabs. */
export const Tabs = lazyPart(screenParts, (m) => m.Tabs);
/** See ./accordion. */
export const Accordion = lazyPart(screenParts, (m) => m.Accordion);
/** See ./dialog (loaded on first open). */
export const Dialog = lazyPart(formParts, (m) => m.Dialog, (p) => !p.open);
/** See ./confirm-dialog (loaded on first open). */
export const ConfirmDialog = lazyPart(formParts, (m) => m.ConfirmDialog, (p) => !p.open);
/** See ./switch-field. */
export const SwitchField = lazyPart(formParts, (m) => m.SwitchField);
/** See ./swatch-picker. */
export const SwatchPicker = lazyPart(formParts, (m) => m.SwatchPicker);
/** See ./color-field. */
export const ColorField = lazyPart(formParts, (m) => m.ColorField);
