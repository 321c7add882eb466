import { Suspense, lazy, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Car } from '@pitwall/contracts';
import { Alert, Button, Card, Skeleton, errorMessage, useTeamTireSets } from '@pitwall/kit';
import { TireSetCard } from './tire-set-card';
import styles from './tires.module.css';

/**
 * 'Add Tire Set' validates with the set's body schema (zod), which the tab's sets do without: its
 * module is requested once the tab shows its sets (or when the form first opens, if sooner).
 */
const loadAddTireSetForm = () => import('./add-tire-set-form');
const AddTireSetForm = lazy(() => loadAddTireSetForm().then((m) => ({ default: m.AddTireSetForm })));

/** The car's Tires tab: the sets that belong to it, each with condition, heat cycles, laps, distance and wear; 'Add Tire Set' adds one to the car. */
export function TiresTab({ car }: { car: Car }) {
  const { data: sets, isPending, error } = useTeamTireSets(car.teamId, { carId: car.id });
  const [adding, setAdding] = useState(false);
  const shown = sets !== undefined;
  useEffect(() => {
    if (shown) void loadAddTireSetForm();
  }, [shown]);
  return (
    <Card
      title="Tires"
      actions={
        adding ? null : (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add Tire Set
          </Button>
        )
      }
    >
      {adding ? (
        <Suspense fallback={<Skeleton height="10rem" />}>
          <AddTireSetForm teamId={car.teamId} carId={car.id} onDone={() => setAdding(false)} />
        </Suspense>
      ) : null}
      {error ? <Alert title="The tire sets could not be loaded.">{errorMessage(error)}</Alert> : null}
      {isPending ? <Skeleton height="4rem" /> : null}
      {sets && sets.length === 0 && !adding ? <p className={styles.muted}>No tire sets on this car yet. Add each set you run to count its heat cycles, laps and wear.</p> : null}
      {sets && sets.length > 0 ? (
        <ul className={styles.list}>
          {sets.map((s) => (
            <TireSetCard key={s.id} set={s} />
          ))}
        </ul>
      ) : null}
      <Link className={styles.link} to={`/tires?team=${car.teamId}`}>
        All tire sets
      </Link>
    </Card>
  );
}
