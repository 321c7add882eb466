import { Fragment, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RaceEvent, SetupSheet, Suspension, TirePressures } from '@pitwall/contracts';
import { Card, getCarQueryOptions, useUpdateSetupSheet, useUpdateSuspension, useUpdateTirePressures } from '@pitwall/kit';
import { SetupForm, SetupSheetForm, SuspensionForm, TirePressuresForm, WithTeamUnits } from '@pitwall/setup-forms';
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
  /** 'Start from <previous race event>': its effective values, an alternative start. */
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

type TeamUnits = Parameters<Parameters<typeof WithTeamUnits>[0]['children']>[0];

/** What the page gives the section form inside it. */
interface SectionFormProps<T> {
  initial: T;
  previous: T;
  header: ReactNode;
  units: TeamUnits;
  onDone: () => void;
}

/**
 * A full-page form of one setup section of a race event: its title, the car's team units, and the
 * starting values (the effective ones, or the previous race event's after 'Start from …').
 */
function SectionPage<T>({ title, subtitle, raceEvent, initial, previous, onDone, form }: RaceEventFormProps<T> & { title: string; subtitle: string; form: (props: SectionFormProps<T>) => ReactNode }) {
  const { start, refill } = useStartingValues(initial);
  return (
    <FullPageForm title={title} subtitle={subtitle}>
      <Card>
        <WithCarTeamUnits carId={raceEvent.carId}>
          {(units) => <Fragment key={start.key}>{form({ initial: start.values, previous: initial, header: <StartFromPrevious previous={previous} onStart={refill} />, units, onDone })}</Fragment>}
        </WithCarTeamUnits>
      </Card>
    </FullPageForm>
  );
}

/** Full-page 'Edit Suspension & Alignment' of one race event (PUT ?eventId=). */
export function RaceEventSuspensionForm(props: RaceEventFormProps<Suspension | null>) {
  const save = useUpdateSuspension(props.raceEvent.carId, props.raceEvent.id);
  return (
    <SectionPage
      {...props}
      title="Edit Suspension & Alignment"
      subtitle={`Settings for ${props.raceEvent.name}`}
      form={(section) => <SuspensionForm {...section} saveLabel="Save Changes" onSave={(body) => save.mutateAsync(body)} />}
    />
  );
}

/** Full-page 'Edit Tire Pressures' of one race event (PUT ?eventId=). */
export function RaceEventTirePressuresForm(props: RaceEventFormProps<TirePressures | undefined>) {
  const save = useUpdateTirePressures(props.raceEvent.carId, props.raceEvent.id);
  return (
    <SectionPage
      {...props}
      title="Edit Tire Pressures"
      subtitle={`Pressures for ${props.raceEvent.name}`}
      form={(section) => <TirePressuresForm {...section} saveLabel="Save Changes" onSave={(body) => save.mutateAsync(body)} />}
    />
  );
}

/**
 * Full-page 'Edit Setup Sheet' of one race event (PUT …/events/{eventId}/setup-sheet): it opens with
 * the effective sheet (what it inherits from the car noted 'From the car'); the server keeps what
 * differs from the car's as the race event's own.
 */
export function RaceEventSetupSheetForm(props: RaceEventFormProps<SetupSheet | undefined>) {
  const save = useUpdateSetupSheet(props.raceEvent.carId, props.raceEvent.id);
  return (
    <SectionPage
      {...props}
      title="Edit Setup Sheet"
      subtitle={`Setup sheet for ${props.raceEvent.name}`}
      form={({ initial, previous, header, onDone }) => <SetupSheetForm initial={initial} previous={previous} header={header} onDone={onDone} saveLabel="Save Changes" onSave={(body) => save.mutateAsync(body)} />}
    />
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
