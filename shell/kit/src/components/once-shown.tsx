import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Calls `callback` in a task after the browser has painted the current frame (a timeout queued from
 * the next animation frame); answers a function that cancels it. An effect alone is not enough:
 * React runs the effects of a synchronous render (a query's data arriving) before the browser
 * paints, so work started there comes before the screen it follows is on screen.
 */
function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * `children` (a part that loads on first use, below a screen's content) asked for once the screen
 * around it has been painted: its chunk is requested once that screen is on screen, not while it is
 * being shown (on a slow connection it would share the bandwidth with the screen's own files).
 * `fallback` holds its place until then and while the chunk loads. In a tab in the background (no
 * frames) it waits until the tab is shown.
 */
export function OnceShown({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => afterNextPaint(() => setShown(true)), []);
  if (!shown) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
