import { lazy } from 'react';
import type { Car } from '@pitwall/contracts';
import { OnceShown, Skeleton } from '@pitwall/kit';

const CardsBelow = lazy(() => import(/* webpackChunkName: 'car-cards-below' */ './cards-below').then((m) => ({ default: m.CardsBelow })));

/**
 * The cards under Tire Pressures (./cards-below), asked for in the commit after the tab's first: the
 * car page's first requests carry the cards it shows first, these follow once those are on screen.
 * A skeleton holds their place until they are there.
 */
export function CardsBelowOnceShown({ car }: { car: Car }) {
  const placeholder = <Skeleton height="12rem" />;
  return (
    <OnceShown fallback={placeholder}>
      <CardsBelow car={car} />
    </OnceShown>
  );
}
