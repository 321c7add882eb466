import type { Car } from '@pitwall/contracts';
import { ChecklistCard } from './checklist-card';
import { MaintenanceHistoryCard } from './maintenance-history-card';
import { SetupSheetCard } from './setup-sheet-card';
import { TargetPressuresCard } from './target-pressures-card';

/**
 * The Car & Setup tab's cards under Tire Pressures, in their order: Setup Sheet, Target Hot
 * Pressures, Maintenance History and Car Checklist. Below a phone's first screen, they come in a chunk of their
 * own (with the date formatting they need) through ./lazy-cards-below.
 */
export function CardsBelow({ car }: { car: Car }) {
  return (
    <>
      <SetupSheetCard carId={car.id} />
      <TargetPressuresCard carId={car.id} />
      <MaintenanceHistoryCard car={car} />
      <ChecklistCard carId={car.id} />
    </>
  );
}
