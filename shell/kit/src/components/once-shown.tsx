import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * `children` (a part that loads on first use, below a screen's content) asked for in the commit
 * after the one that shows it: its chunk is requested once the screen around it is on screen, not
 * while that screen is being shown (on a slow connection it would share the bandwidth with the
 * screen's own files). `fallback` holds its place until then and while the chunk loads.
 */
export function OnceShown({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  if (!shown) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
