import { useQuery } from '@tanstack/react-query';
import { Skeleton, getSetupSheetQueryOptions, getSuspensionQueryOptions, getTirePressuresQueryOptions, useGearRatios, useRaceEvents, useSetupSheet, useSuspension, useTirePressures } from '@pitwall/kit';
import { AddIssueForm } from '../components/add-issue-form';
import { FinalDriveForm } from '../components/final-drive-form';
import { RaceEventImagesForm } from '../components/race-event-images-form';
import { RaceEventSetupForm, RaceEventSetupSheetForm, RaceEventSuspensionForm, RaceEventTirePressuresForm } from '../components/setup-forms';
import { previousRaceEvent } from '../lib/race-event-format';
import type { RaceEventForm } from '../lib/race-event-paths';
import { useRaceEventNav } from '../lib/use-race-event-nav';
import { useRaceEventOutlet } from './race-event-route';

/** 'Start from <previous race event>': the car's race event before this one, or null (fetched only by the forms that offer it). */
function usePreviousRaceEvent() {
  const { carId, raceEvent } = useRaceEventOutlet();
  const raceEvents = useRaceEvents(carId);
  return previousRaceEvent(raceEvents.data ?? [], raceEvent);
}

/** Edit Suspension & Alignment, with 'Start from' the previous race event's effective values. */
function SuspensionFormRoute({ onDone }: { onDone: () => void }) {
  const { carId, raceEvent } = useRaceEventOutlet();
  const suspension = useSuspension(carId, raceEvent.id);
  const previous = usePreviousRaceEvent();
  const previousSuspension = useQuery({ ...getSuspensionQueryOptions(carId, previous?.id ?? 0), enabled: previous !== null });
  if (suspension.isPending) return <Skeleton height="12rem" />;
  return (
    <RaceEventSuspensionForm
      raceEvent={raceEvent}
      initial={suspension.data ?? null}
      previous={previous ? { name: previous.name, values: previousSuspension.data } : undefined}
      onDone={onDone}
    />
  );
}

/** Edit Tire Pressures, with 'Start from' the previous race event's effective values. */
function TirePressuresFormRoute({ onDone }: { onDone: () => void }) {
  const { carId, raceEvent } = useRaceEventOutlet();
  const tirePressures = useTirePressures(carId, raceEvent.id);
  const previous = usePreviousRaceEvent();
  const previousTires = useQuery({ ...getTirePressuresQueryOptions(carId, previous?.id ?? 0), enabled: previous !== null });
  if (tirePressures.isPending) return <Skeleton height="12rem" />;
  return (
    <RaceEventTirePressuresForm
      raceEvent={raceEvent}
      initial={tirePressures.data}
      previous={previous ? { name: previous.name, values: previousTires.data } : undefined}
      onDone={onDone}
    />
  );
}

/** Edit Setup Sheet, with 'Start from' the previous race event's effective sheet. */
function SetupSheetFormRoute({ onDone }: { onDone: () => void }) {
  const { carId, raceEvent } = useRaceEventOutlet();
  const sheet = useSetupSheet(carId, raceEvent.id);
  const previous = usePreviousRaceEvent();
  const previousSheet = useQuery({ ...getSetupSheetQueryOptions(carId, previous?.id ?? 0), enabled: previous !== null });
  if (sheet.isPending) return <Skeleton height="12rem" />;
  return <RaceEventSetupSheetForm raceEvent={raceEvent} initial={sheet.data} previous={previous ? { name: previous.name, values: previousSheet.data } : undefined} onDone={onDone} />;
}

/** The combined Edit Setup (tire pressures and suspension). */
function SetupFormRoute({ onDone }: { onDone: () => void }) {
  const { carId, raceEvent } = useRaceEventOutlet();
  const suspension = useSuspension(carId, raceEvent.id);
  const tirePressures = useTirePressures(carId, raceEvent.id);
  if (tirePressures.isPending || suspension.isPending) return <Skeleton height="12rem" />;
  return <RaceEventSetupForm raceEvent={raceEvent} tirePressures={tirePressures.data} suspension={suspension.data ?? null} onDone={onDone} />;
}

/** Edit Final Drive: shows the ratio the car runs (its 'Final Drive' gear ratio) when the race event sets none. */
function FinalDriveFormRoute({ onDone }: { onDone: () => void }) {
  const { carId, raceEvent } = useRaceEventOutlet();
  const gearRatios = useGearRatios(carId, raceEvent.id);
  if (gearRatios.isPending) return <Skeleton height="12rem" />;
  return <FinalDriveForm raceEvent={raceEvent} effectiveRatio={gearRatios.data?.find((g) => g.name === 'Final Drive')?.ratio ?? null} onDone={onDone} />;
}

/**
 * A full-page form of a race event (…/{form path}, see FORM_PATHS): it replaces the detail view;
 * saving or cancelling returns to the view it was opened from (the Overview when opened by link).
 */
export function RaceEventFormRoute({ form }: { form: RaceEventForm }) {
  const { carId, raceEvent } = useRaceEventOutlet();
  const { closeForm } = useRaceEventNav(carId, raceEvent.id);
  switch (form) {
    case 'add-issue':
      return <AddIssueForm raceEvent={raceEvent} onDone={closeForm} />;
    case 'final-drive':
      return <FinalDriveFormRoute onDone={closeForm} />;
    case 'suspension':
      return <SuspensionFormRoute onDone={closeForm} />;
    case 'tire-pressures':
      return <TirePressuresFormRoute onDone={closeForm} />;
    case 'setup':
      return <SetupFormRoute onDone={closeForm} />;
    case 'setup-sheet':
      return <SetupSheetFormRoute onDone={closeForm} />;
    case 'images':
      return <RaceEventImagesForm raceEvent={raceEvent} onDone={closeForm} />;
  }
}
