import { useState } from 'react';
import { PART_CATEGORIES, PART_STATUSES, type PartCategory, type PartStatus } from '@pitwall/contracts';
import { Alert, Button, Card, SelectField, Skeleton, errorMessage, useCars, useTeamParts } from '@pitwall/kit';
import { AddPartForm } from '../components/add-part-form';
import { PartCard } from '../components/part-card';
import { useTeamId } from '../lib/use-team-id';
import styles from '../components/parts.module.css';

/** The team's parts store (/parts?team=): on the shelf and on every car, filtered by status and category; 'Add Part' adds one to the shelf. */
export function PartsStoreRoute() {
  const teamId = useTeamId();
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const [adding, setAdding] = useState(false);
  const { data: parts, isPending, error } = useTeamParts(teamId, { status: (status || undefined) as PartStatus | undefined, category: (category || undefined) as PartCategory | undefined });
  const { data: cars = [] } = useCars();
  const where = (carId: number | null) => (carId === null ? 'On the shelf' : (cars.find((c) => c.id === carId)?.name ?? `Car ${carId}`));
  const groups = [...new Set((parts ?? []).map((p) => p.carId))].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));

  return (
    <div className={styles.page}>
      <Card title="Parts store" actions={adding || teamId === undefined ? null : <Button variant="secondary" onClick={() => setAdding(true)}>Add Part</Button>}>
        {adding && teamId !== undefined ? <AddPartForm teamId={teamId} carId={null} onDone={() => setAdding(false)} /> : null}
        <div className={styles.filters}>
          <SelectField label="Status" options={[{ value: '', label: 'All statuses' }, ...PART_STATUSES]} value={status} onChange={(e) => setStatus(e.target.value)} />
          <SelectField label="Category" options={[{ value: '', label: 'All categories' }, ...PART_CATEGORIES]} value={category} onChange={(e) => setCategory(e.target.value)} />
        </div>
        {error ? <Alert title="The parts could not be loaded.">{errorMessage(error)}</Alert> : null}
        {isPending && teamId !== undefined ? <Skeleton height="4rem" /> : null}
        {parts && parts.length === 0 ? <p className={styles.muted}>No parts match.</p> : null}
        {groups.map((carId) => (
          <section key={carId ?? 'shelf'} className={styles.group} aria-label={where(carId)}>
            <h3 className={styles.groupTitle}>{where(carId)}</h3>
            <ul className={styles.list}>
              {parts!
                .filter((p) => p.carId === carId)
                .map((p) => (
                  <PartCard key={p.id} part={p} showCategory />
                ))}
            </ul>
          </section>
        ))}
      </Card>
    </div>
  );
}
