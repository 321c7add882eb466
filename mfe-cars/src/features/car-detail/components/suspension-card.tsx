import { useState } from 'react';
import type { Suspension } from '@pitwall/contracts';
import { SUSPENSION_SETTINGS } from '@pitwall/contracts/values';
import { Alert, Button, Card, Skeleton, errorMessage, useSuspension } from '@pitwall/kit';
import { GeometryFigures } from '@pitwall/setup-forms/display';
import { HistoryButton } from '../../car-history';
import { CarSuspensionForm, FormSuspense } from './lazy-forms';
import styles from './car-record.module.css';

const NOT_SPECIFIED = 'Not specified';

function Value({ value }: { value: string | null }) {
  return value === null || value.trim() === '' ? <dd className={styles.blank}>{NOT_SPECIFIED}</dd> : <dd>{value}</dd>;
}

function Axle({ suspension, axle }: { suspension: Suspension; axle: 'front' | 'rear' }) {
  const title = axle === 'front' ? 'Front' : 'Rear';
  return (
    <section className={styles.axle} aria-label={title}>
      <h3>{title}</h3>
      <dl className={styles.settings}>
        {SUSPENSION_SETTINGS.map((s) => (
          <div key={s.key} style={{ display: 'contents' }}>
            <dt>{s.label}</dt>
            <Value value={suspension[`${axle}${s.key}`]} />
          </div>
        ))}
      </dl>
    </section>
  );
}

/** 'Suspension & Alignment' card: Front and Rear columns plus Notes and the geometry that follows, or the edit form. */
export function SuspensionCard({ carId }: { carId: number }) {
  const [editing, setEditing] = useState(false);
  const { data: suspension, isPending, error } = useSuspension(carId);

  let content;
  if (isPending) {
    content = (
      <div className={styles.loading} role="status" aria-busy="true" aria-label="Loading suspension">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="2rem" />
        ))}
      </div>
    );
  } else if (error) {
    content = <Alert title="Suspension settings could not be loaded.">{errorMessage(error)}</Alert>;
  } else if (editing) {
    content = (
      <FormSuspense>
        <CarSuspensionForm carId={carId} suspension={suspension} onDone={() => setEditing(false)} />
      </FormSuspense>
    );
  } else if (!suspension) {
    content = (
      <div className={styles.empty}>
        <p>No suspension data available yet.</p>
        <Button onClick={() => setEditing(true)}>Add Suspension Data</Button>
      </div>
    );
  } else {
    content = (
      <>
        <div className={styles.axles}>
          <Axle suspension={suspension} axle="front" />
          <Axle suspension={suspension} axle="rear" />
        </div>
        <p className={styles.note}>
          <strong>Notes:</strong>
          {suspension.notes?.trim() ? <span>{suspension.notes}</span> : <span className={styles.blank}>{NOT_SPECIFIED}</span>}
        </p>
        <GeometryFigures carId={carId} />
      </>
    );
  }

  return (
    <Card
      title={editing ? 'Edit Suspension & Alignment' : 'Suspension & Alignment'}
      actions={
        !editing && (
          <>
            {!isPending && !error && suspension && (
              <Button variant="secondary" size="sm" aria-label="Edit Suspension & Alignment" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            <HistoryButton carId={carId} section="suspension" title="Suspension & Alignment" />
          </>
        )
      }
    >
      {content}
    </Card>
  );
}
