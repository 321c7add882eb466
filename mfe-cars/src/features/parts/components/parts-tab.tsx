import { Suspense, lazy, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Car, Part } from '@pitwall/contracts';
import { PART_CATEGORIES } from '@pitwall/contracts/values';
import { Alert, Button, Card, Skeleton, errorMessage, useCarParts } from '@pitwall/kit';
import { HistoryButton } from '../../car-history';
import { PartCard } from './part-card';
import styles from './parts.module.css';

/**
 * 'Add Part' validates with the part's body schema (zod), which the tab's parts do without: its
 * module is requested once the tab shows its parts (or when the form first opens, if sooner).
 */
const loadAddPartForm = () => import('./add-part-form');
const AddPartForm = lazy(() => loadAddPartForm().then((m) => ({ default: m.AddPartForm })));

/** The parts grouped by category, in the categories' order. */
function PartsByCategory({ parts }: { parts: readonly Part[] }) {
  return (
    <div className={styles.group}>
      {PART_CATEGORIES.filter((c) => parts.some((p) => p.category === c.value)).map((c) => (
        <section key={c.value} className={styles.group} aria-label={c.label}>
          <h3 className={styles.groupTitle}>{c.label}</h3>
          <ul className={styles.list}>
            {parts
              .filter((p) => p.category === c.value)
              .map((p) => (
                <PartCard key={p.id} part={p} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The car's Parts tab: the parts fitted to it now, by category, each with its life; 'Add Part' fits a new one. */
export function PartsTab({ car }: { car: Car }) {
  const { data: parts, isPending, error } = useCarParts(car.id);
  const [adding, setAdding] = useState(false);
  const shown = parts !== undefined;
  useEffect(() => {
    if (shown) void loadAddPartForm();
  }, [shown]);
  return (
    <Card
      title="Parts"
      actions={
        <>
          <HistoryButton carId={car.id} section="parts" title="Parts" />
          {adding ? null : (
            <Button variant="secondary" onClick={() => setAdding(true)}>
              Add Part
            </Button>
          )}
        </>
      }
    >
      {adding ? (
        <Suspense fallback={<Skeleton height="10rem" />}>
          <AddPartForm teamId={car.teamId} carId={car.id} onDone={() => setAdding(false)} />
        </Suspense>
      ) : null}
      {error ? <Alert title="The parts could not be loaded.">{errorMessage(error)}</Alert> : null}
      {isPending ? <Skeleton height="4rem" /> : null}
      {parts && parts.length === 0 && !adding ? <p className={styles.muted}>No parts fitted to this car yet. Add the parts whose life you track: engine, gearbox, clutch, belts …</p> : null}
      {parts && parts.length > 0 ? <PartsByCategory parts={parts} /> : null}
      <Link className={styles.link} to={`/parts?team=${car.teamId}`}>
        Parts store
      </Link>
    </Card>
  );
}
