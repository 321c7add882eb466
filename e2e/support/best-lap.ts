import type { Locator, Page } from '@playwright/test';

/**
 * An init script (`context.addInitScript`) that notes, as `window.__bestLapAt` (ms since the epoch),
 * when a run sheet's statistics first show a best lap time (watched from the document's start), so a
 * test can tell the requests made before the content from those after it.
 */
export const NOTE_BEST_LAP = `
(() => {
  const shown = () => [...document.querySelectorAll('dl')].some((dl) => /Best lap\\s*\\d/.test(dl.textContent));
  const observer = new MutationObserver(() => {
    if (window.__bestLapAt === undefined && shown()) { window.__bestLapAt = performance.timeOrigin + performance.now(); observer.disconnect(); }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** The run sheet's statistics once they show a best lap time. */
export const bestLap = (page: Page): Locator => page.locator('dl').filter({ hasText: /Best lap\s*\d/ });

/** When `page` first showed a best lap (ms since the epoch; NOTE_BEST_LAP must have been added to its context). */
export function bestLapShownAt(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __bestLapAt: number }).__bestLapAt);
}
