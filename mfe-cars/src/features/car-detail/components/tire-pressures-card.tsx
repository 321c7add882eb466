import { useState } from 'react';
import { Alert, Button, Card, Skeleton, errorMessage, useTirePressures } from '@pitwall/kit';
import { HistoryButton } from '../../car-history';
import { CarTirePressuresForm, FormSuspense } from './lazy-forms';
import styles from './car-record.module.css';
import tables from './read-tables.module.css';

/**
 * 'Tire Pressures' card (docs/product.md, 'Tire pressures'): table of conditions with the four corners and one shared note, or
 * the edit form. Below 560 px each condition is a block with the corners in a 2 x 2 grid (no
 * sideways scrolling; read-tables.module.css).
 */
export function TirePressuresCard({ carId }: { carId: number }) {
  const [editing, setEditing] = useState(false);
  const { data, isPending, error } = useTirePressures(carId);

  let content;
  if (isPending) {
    content = (
      <div className={styles.loading} role="status" aria-busy="true" aria-label="Loading tire pressures">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="2rem" />
        ))}
      </div>
    );
  } else if (error) {
    content = <Alert title="Tire pressures could not be loaded.">{errorMessage(error)}</Alert>;
  } else if (editing) {
    content = (
      <FormSuspense>
        <CarTirePressuresForm carId={carId} pressures={data} onDone={() => setEditing(false)} />
      </FormSuspense>
    );
  } else if (data.items.length === 0) {
    content = <p className={styles.empty}>No tire pressure data available. Click edit to add tire pressures.</p>;
  } else {
    content = (
      <>
        <div className={styles.tableScroll}>
          <table className={`${styles.table} ${tables.tireTable}`}>
            <thead>
              <tr>
                <th scope="col">Condition</th>
                <th scope="col">Front Left</th>
                <th scope="col">Front Right</th>
                <th scope="col">Rear Left</th>
                <th scope="col">Rear Right</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.condition}</th>
                  <td className={styles.num} data-label="Front Left">{row.frontLeft}</td>
                  <td className={styles.num} data-label="Front Right">{row.frontRight}</td>
                  <td className={styles.num} data-label="Rear Left">{row.rearLeft}</td>
                  <td className={styles.num} data-label="Rear Right">{row.rearRight}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {data.notes?.trim() && (
          <p className={styles.note}>
            <strong>Note:</strong>
            <span>{data.notes}</span>
          </p>
        )}
      </>
    );
  }

  return (
    <Card
      title={editing ? 'Edit Tire Pressures' : 'Tire Pressures'}
      actions={
        !editing && (
          <>
            {!isPending && !error && (
              <Button variant="secondary" size="sm" aria-label="Edit Tire Pressures" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            <HistoryButton carId={carId} section="tire-pressures" title="Tire Pressures" />
          </>
        )
      }
    >
      {content}
    </Card>
  );
}
