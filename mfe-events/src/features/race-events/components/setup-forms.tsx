import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RaceEvent, Suspension, TirePressures } from '@pitwall/contracts';
import { Card, getCarQueryOptions, useUpdateSuspension, useUpdateTirePressures } from '@pitwall/kit';
import { SetupForm, SuspensionForm, TirePressuresForm, WithTeamUnits } from '@pitwall/setup-forms';
// The one place this remote binds the shared setup forms to its API hooks (they move to the kit later).
import { FullPageForm } from './full-page-form';
import { StartFromPrevious, type PreviousSetup } from './start-from-previous';

/** The race event's car's team units (the forms show and store values in them). */
function WithCarTeamUnits({ carId, children }: { carId: number; children: Parameters<typeof WithTeamUnits>[0]['children'] }) {
  const car = useQuery(getCarQueryOptions(carId));
  return <WithTeamUnits teamId={car.data?.teamId}>{children}</WithTeamUnits>;
}

interface RaceEventFormProps<T> {
  raceEvent: RaceEvent;
  /** The race event's answer: its effective values (the baseline overridden by its own). */
  initial: T;
  /** 'Start from <previous race event>': its effective values, an alternative start (issue 19). */
  previous?: PreviousSetup<T>;
  onDone: () => void;
}

/**
 * The values a form starts from: the opened ones, or those of the previous race event after 'Start
 * from …' (the form is re-mounted with a new key; 'was …' keeps showing the opened values).
 */
function useStartingValues<T>(opened: T) {
  const [start, setStart] = useState({ values: opened, key: 0 });
  return { start, refill: (values: T) => setStart((current) => ({ values, key: current.key + 1 })) };
}

/** Full-page 'Edit Suspension & Alignment' of one race event (PUT ?eventId=). */
export function RaceEventSuspensionForm({ raceEvent, initial, previous, onDone }: RaceEventFormProps<Suspension | null>) {
  const save = useUpdateSuspension(raceEvent.carId, raceEvent.id);
  const { start, refill } = useStartingValues(initial);
  return (
    <FullPageForm title="Edit Suspension & Alignment" subtitle={`Settings for ${raceEvent.name}`}>
      <Card>
        <WithCarTeamUnits carId={raceEvent.carId}>
          {(units) => (
            <SuspensionForm
              key={start.key}
              initial={start.values}
              previous={initial}
              header={<StartFromPrevious previous={previous} onStart={refill} />}
              units={units}
              saveLabel="Save Changes"
              onSave={(body) => save.mutateAsync(body)}
              onDone={onDone}
            />
          )}
        </WithCarTeamUnits>
      </Card>
    </FullPageForm>
  );
}

/** Full-page 'Edit Tire Pressures' of one race event (PUT ?eventId=). */
export function RaceEventTirePressuresForm({ raceEvent, initial, previous, onDone }: RaceEventFormProps<TirePressures | undefined>) {
  const save = useUpdateTirePressures(raceEvent.carId, raceEvent.id);
  const { start, refill } = useStartingValues(initial);
  return (
    <FullPageForm title="Edit Tire Pressures" subtitle={`Pressures for ${raceEvent.name}`}>
      <Card>
        <WithCarTeamUnits carId={raceEvent.carId}>
          {(units) => (
            <TirePressuresForm
              key={start.key}
              initial={start.values}
              previous={initial}
              header={<StartFromPrevious previous={previous} onStart={refill} />}
              units={units}
              saveLabel="Save Changes"
              onSave={(body) => save.mutateAsync(body)}
              onDone={onDone}
            />
          )}
        </WithCarTeamUnits>
      </Card>
    </FullPageForm>
  );
}

/** Full-page 'Edit Setup' of one race event: tire pressures and suspension with one 'Save Changes'. */
export function RaceEventSetupForm({ raceEvent, tirePressures, suspension, onDone }: { raceEvent: RaceEvent; tirePressures: TirePressures | undefined; suspension: Suspension | null; onDone: () => void }) {
  const saveTires = useUpdateTirePressures(raceEvent.carId, raceEvent.id);
  const saveSuspension = useUpdateSuspension(raceEvent.carId, raceEvent.id);
  return (
    <FullPageForm title="Edit Setup" subtitle={`Setup for ${raceEvent.name}`}>
      <Card>
        <WithCarTeamUnits carId={raceEvent.carId}>
          {(units) => (
            <SetupForm
              tirePressures={tirePressures}
              suspension={suspension}
              units={units}
              onSaveTirePressures={(body) => saveTires.mutateAsync(body)}
              onSaveSuspension={(body) => saveSuspension.mutateAsync(body)}
              onDone={onDone}
            />
          )}
        </WithCarTeamUnits>
      </Card>
    </FullPageForm>
  );
}
