import { useState } from 'react';
import { TIRE_SET_CONDITIONS, type TireSetCondition } from '@pitwall/contracts';
import { Alert, Button, Card, SelectField, Skeleton, errorMessage, useCars, useTeamTireSets } from '@pitwall/kit';
import { useTeamId } from '../../parts';
import { AddTireSetForm } from '../components/add-tire-set-form';
import { TireSetCard } from '../components/tire-set-card';
import styles from '../components/tires.module.css';

/** The team's tires (/tires?team=): every set, grouped by car and then the store, filtered by condition; 'Add Tire Set' adds one to the store. */
export function TiresStoreRoute() {
  const teamId = useTeamId();
  const [condition, setCondition] = useState('');
  const [adding, setAdding] = useState(false);
  const { data: sets, isPending, error } = useTeamTireSets(teamId, { condition: (condition || undefined) as TireSetCondition | undefined });
  const { data: cars = [] } = useCars();
  const where = (carId: number | null) => (carId === null ? 'In the store' : (cars.find((c) => c.id === carId)?.name ?? `Car ${carId}`));
  const groups = [...new Set((sets ?? []).map((s) => s.carId))].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));

  return (
    <div className={styles.page}>
      <Card title="Tires" actions={adding || teamId === undefined ? null : <Button variant="secondary" onClick={() => setAdding(true)}>Add Tire Set</Button>}>
        {adding && teamId !== undefined ? <AddTireSetForm teamId={teamId} carId={null} onDone={() => setAdding(false)} /> : null}
        <div className={styles.filters}>
          <SelectField label="Condition" options={[{ value: '', label: 'All conditions' }, ...TIRE_SET_CONDITIONS]} value={condition} onChange={(e) => setCondition(e.target.value)} />
        </div>
        {error ? <Alert title="The tire sets could not be loaded.">{errorMessage(error)}</Alert> : null}
        {isPending && teamId !== undefined ? <Skeleton height="4rem" /> : null}
        {sets && sets.length === 0 ? <p className={styles.muted}>No tire sets match.</p> : null}
        {groups.map((carId) => (
          <section key={carId ?? 'store'} className={styles.group} aria-label={where(carId)}>
            <h3 className={styles.groupTitle}>{where(carId)}</h3>
            <ul className={styles.list}>
              {sets!
                .filter((s) => s.carId === carId)
                .map((s) => (
                  <TireSetCard key={s.id} set={s} />
                ))}
            </ul>
          </section>
        ))}
      </Card>
    </div>
  );
}
