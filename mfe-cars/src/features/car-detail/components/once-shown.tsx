import { useEffect, useState, type ReactNode } from 'react';

/**
 * Shows `placeholder` in the first commit and `children` from the next one on. A lazy part of a
 * screen rendered as `children` is requested once the screen's other parts are on screen (its first
 * commit), not with them: its chunk stays out of the screen's first requests.
 */
export function OnceShown({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  return shown ? children : placeholder;
}
