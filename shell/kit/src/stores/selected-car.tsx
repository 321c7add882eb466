import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getCarsQueryOptions } from '../api/cars';
import type { WhenFirstScreenShown } from '../live/use-live';

export interface SelectedCarState {
  /** Id of the car the per-car header shows, or null. */
  selectedCarId: number | null;
  selectCar: (id: number | null) => void;
}

const SelectedCarContext = createContext<SelectedCarState | null>(null);

/**
 * The selected car (docs/product.md, 'Navigation'). When `enabled` (signed in) it reads the car list and picks
 * the first car once cars load and none is selected; a car page calls `selectCar` on visit. With
 * `afterFirstScreen` (the shell's) the list is read only once the first screen is shown: a car's
 * screen names its car in its own view, and the list is then no request of that screen's first load.
 */
export function SelectedCarProvider({ children, enabled = true, afterFirstScreen }: { children: ReactNode; enabled?: boolean; afterFirstScreen?: WhenFirstScreenShown }) {
  const [selectedCarId, selectCar] = useState<number | null>(null);
  const [firstScreenShown, setFirstScreenShown] = useState(!afterFirstScreen);
  useEffect(() => afterFirstScreen?.(() => setFirstScreenShown(true)), [afterFirstScreen]);
  const { data: cars } = useQuery({ ...getCarsQueryOptions(), enabled: enabled && firstScreenShown });

  useEffect(() => {
    const first = cars?.[0];
    if (selectedCarId === null && first) selectCar(first.id);
  }, [cars, selectedCarId]);

  useEffect(() => {
    if (!enabled) selectCar(null);
  }, [enabled]);

  const value = useMemo(() => ({ selectedCarId, selectCar }), [selectedCarId]);
  return <SelectedCarContext.Provider value={value}>{children}</SelectedCarContext.Provider>;
}

/** The selected-car store. Throws when used outside SelectedCarProvider. */
export function useSelectedCar(): SelectedCarState {
  const value = useContext(SelectedCarContext);
  if (!value) throw new Error('useSelectedCar must be used inside <SelectedCarProvider>');
  return value;
}
