import { Suspense, use, useLayoutEffect, type ComponentType } from 'react';
import type { AccordionProps } from './accordion';
import type { ColorFieldProps } from './color-field';
import type * as LazyPartsImpl from './lazy-parts-impl';
import type { ConfirmDialogProps } from './confirm-dialog';
import type { DialogProps } from './dialog';
import type { SwatchPickerProps } from './swatch-picker';
import type { SwitchFieldProps } from './switch-field';
import type { TabsProps } from './tabs';

/**
 * The kit's Ark UI-heavy components (Dialog, ConfirmDialog, Tabs, Accordion, SwitchField,
 * SwatchPicker) and the forms-only ColorField load in their own chunk, out of the shell's initial JS
 * (budget ≤ 150 kB gz, bench/README.md).
 * Same names, props and markup as the components they wrap. `preloadKitParts()` fetches the chunk
 * (the shell calls it once the signed-in layout is up; the web test setup awaits it), after which
 * every part renders synchronously. The chunk is named 'kit-parts': the shell's page starts it with the
 * page on the paths whose first screen shows a part (shell/src/remotes/remote-paths.ts). A part rendered before the chunk arrived suspends inside its
 * own boundary (renders nothing for a moment), never its parent's; a closed dialog does not load it.
 */

type Parts = typeof LazyPartsImpl;

let parts: Parts | null = null;
let loading: Promise<Parts> | null = null;

/** Starts (once) loading the chunk of the Ark UI-heavy kit components; resolves when they are ready. */
export function preloadKitParts(): Promise<Parts> {
  loading ??= import(/* webpackChunkName: 'kit-parts' */ './lazy-parts-impl').then((m) => (parts = m));
  return loading;
}

/** How many parts are on the page waiting for the chunk (their Suspense fallback is committed). */
let waitingParts = 0;

/**
 * True while a part on the page renders nothing because it waits for the chunk (from its fallback's
 * commit until React shows the part, which may come a moment after the chunk arrived): a screen
 * holding one is not complete yet (the shell's afterFirstScreen waits for it).
 */
export function isLoadingKitParts(): boolean {
  return waitingParts > 0;
}

/** The fallback of a part waiting for the chunk: nothing, counted in `waitingParts` while committed. */
function WaitingPart() {
  useLayoutEffect(() => {
    waitingParts += 1;
    return () => {
      waitingParts -= 1;
    };
  }, []);
  return null;
}

function lazyPart<P extends object>(pick: (m: Parts) => ComponentType<P>, renderNothingWhile?: (props: P) => boolean) {
  function Loaded(props: P) {
    const loaded = parts ?? use(preloadKitParts());
    const Component = pick(loaded);
    return <Component {...props} />;
  }
  return function LazyPart(props: P) {
    if (!parts && renderNothingWhile?.(props)) return null;
    return (
      <Suspense fallback={<WaitingPart />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** See ./dialog (loaded on first open). */
export const Dialog = lazyPart<DialogProps>((m) => m.Dialog, (p) => !p.open);
/** See ./confirm-dialog (loaded on first open). */
export const ConfirmDialog = lazyPart<ConfirmDialogProps>((m) => m.ConfirmDialog, (p) => !p.open);
/** See ./tabs. */
export const Tabs = lazyPart<TabsProps>((m) => m.Tabs);
/** See ./accordion. */
export const Accordion = lazyPart<AccordionProps>((m) => m.Accordion);
/** See ./switch-field. */
export const SwitchField = lazyPart<SwitchFieldProps>((m) => m.SwitchField);
/** See ./swatch-picker. */
export const SwatchPicker = lazyPart<SwatchPickerProps>((m) => m.SwatchPicker);
/** See ./color-field. */
export const ColorField = lazyPart<ColorFieldProps>((m) => m.ColorField);
