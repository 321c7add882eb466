import { lazy, Suspense } from 'react';
import { useIsOnline, useWriteQueue } from '@pitwall/kit';

/** The panels are loaded only once there is something to show: not part of the shell's first load. */
const PaddockPanels = lazy(() => import('./paddock-panels'));

/** Paddock mode on every signed-in screen: with no signal, the offline banner; with changes waiting, the write queue. */
export function PaddockStatus() {
  const online = useIsOnline();
  const changes = useWriteQueue();
  if (online && changes.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PaddockPanels online={online} changes={changes} />
    </Suspense>
  );
}
