import { useQuery } from '@tanstack/react-query';
import type { RaceEvent, Suspension, TirePressures } from '@pitwall/contracts';
import { Card, getCarQueryOptions } from '@pitwall/kit';
import { SetupForm, SuspensionForm, TirePressuresForm, WithTeamUnits } from '@pitwall/setup-forms';
// The one place this remote binds the shared setup forms to its API hooks (they move to the kit later).
import { useUpdateRaceEventSuspension } from '../api/update-suspension';
import { useUpdateRaceEventTirePressures } from '../api/update-tire-pressures';
import { FullPageForm } from './full-page-form';

/** The race event's car's team units (the forms show and store values in them). */
function WithCarTeamUnits({ carId, children }: { carId: number; children: Parameters<typeof WithTeamUnits>[0]['children'] }) {
  const car = useQuery(getCarQueryOptions(carId));
  return <WithTeamUnits teamId={car.data?.teamId}>{children}</WithTeamUnits>;
}

interface RaceEventFormProps<T> {
  raceEvent: RaceEvent;
  /** The race event's answer (its effective values once setup inheritance answers them). */
  initial: T;
  onDone: () => void;
}

/** Full-page 'Edit Suspension & Alignment' of one race event (PUT ?eventId=). */
export function RaceEventSuspensionForm({ raceEvent, initial, onDone }: RaceEventFormProps<Suspension | null>) {
  const save = useUpdateRaceEventSuspension(raceEvent.carId, raceEvent.id);
  return (
    <FullPageForm title="Edit Suspension & Alignment" subtitle={`Settings for ${raceEvent.name}`}>
      <Card>
        <WithCarTeamUnits carId={raceEvent.carId}>
          {(units) => <SuspensionForm initial={initial} units={units} saveLabel="Save Changes" onSave={(body) => save.mutateAsync(body)} onDone={onDone} />}
        </WithCarTeamUnits>
      </Card>
    </FullPageForm>
  );
}

/** Full-page 'Edit Tire Pressures' of one race event (PUT ?eventId=). */
export function RaceEventTirePressuresForm({ raceEvent, initial, onDone }: RaceEventFormProps<TirePressures | undefined>) {
  const save = useUpdateRaceEventTirePressures(raceEvent.carId, raceEvent.id);
  return (
    <FullPageForm title="Edit Tire Pressures" subtitle={`Pressures for ${raceEvent.name}`}>
      <Card>
        <WithCarTeamUnits carId={raceEvent.carId}>
          {(units) => <TirePressuresForm initial={initial} units={units} saveLabel="Save Changes" onSave={(body) => save.mutateAsync(body)} onDone={onDone} />}
        </WithCarTeamUnits>
      </Card>
    </FullPageForm>
  );
}

/** Full-page 'Edit Setup' of one race event: tire pressures and suspension with one 'Save Changes'. */
export function RaceEventSetupForm({ raceEvent, tirePressures, suspension, onDone }: { raceEvent: RaceEvent; tirePressures: TirePressures | undefined; suspension: Suspension | null; onDone: () => void }) {
  const saveTires = useUpdateRaceEventTirePressures(raceEvent.carId, raceEvent.id);
  const saveSuspension = useUpdateRaceEventSuspension(raceEvent.carId, raceEvent.id);
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
