import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Car } from '@pitwall/contracts';
import { Alert, Button, Card, Skeleton, errorMessage, useTeamTireSets } from '@pitwall/kit';
import { AddTireSetForm } from './add-tire-set-form';
import { TireSetCard } from './tire-set-card';
import styles from './tyres.module.css';

/** The car's Tyres tab: the sets that belong to it, each with condition, heat cycles, laps, distance and wear; 'Add Tire Set' adds one to the car. */
export function TyresTab({ car }: { car: Car }) {
  const { data: sets, isPending, error } = useTeamTireSets(car.teamId, { carId: car.id });
  const [adding, setAdding] = useState(false);
  return (
    <Card
      title="Tyres"
      actions={
        adding ? null : (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add Tire Set
          </Button>
        )
      }
    >
      {adding ? <AddTireSetForm teamId={car.teamId} carId={car.id} onDone={() => setAdding(false)} /> : null}
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
      <Link className={styles.link} to={`/tyres?team=${car.teamId}`}>
        All tire sets
      </Link>
    </Card>
  );
}
