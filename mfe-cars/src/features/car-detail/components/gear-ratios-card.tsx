import { useState } from 'react';
import { Alert, Button, Card, Skeleton, errorMessage, useGearRatios } from '@pitwall/kit';
import { HistoryButton } from '../../car-history';
import { GearChart } from './gear-chart';
import { CarGearRatiosForm, FormSuspense } from './lazy-forms';
import styles from './car-record.module.css';
import tables from './read-tables.module.css';

const dash = (value: string | null) => (value === null || value.trim() === '' ? <span className={styles.dash}>-</span> : value);

/** 'Gear Ratios' card (docs/product.md, 'Gear ratios'): table, empty state, the gear chart, or the 'Edit Gear Ratios' form. */
export function GearRatiosCard({ carId }: { carId: number }) {
  const [editing, setEditing] = useState(false);
  const { data: rows, isPending, error } = useGearRatios(carId);

  let content;
  if (isPending) {
    content = (
      <div className={styles.loading} role="status" aria-busy="true" aria-label="Loading gear ratios">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="2rem" />
        ))}
      </div>
    );
  } else if (error) {
    content = <Alert title="Gear ratios could not be loaded.">{errorMessage(error)}</Alert>;
  } else if (editing) {
    content = (
      <FormSuspense>
        <CarGearRatiosForm carId={carId} rows={rows} onDone={() => setEditing(false)} />
      </FormSuspense>
    );
  } else if (rows.length === 0) {
    content = <p className={styles.empty}>No gear ratio data available. Click edit to add gear ratios.</p>;
  } else {
    content = (
      <>
        <div className={styles.tableScroll}>
          <table className={`${styles.table} ${tables.gearTable}`}>
            <thead>
              <tr>
                <th scope="col">Gear</th>
                <th scope="col">Ratio</th>
                <th scope="col">Speed (kph @ max rpm)</th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{dash(row.name)}</th>
                  <td className={styles.num}>{dash(row.ratio)}</td>
                  <td className={styles.num}>{dash(row.speedAtMaxRpm)}</td>
                  <td className={styles.wrap}>{dash(row.notes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <GearChart rows={rows} />
      </>
    );
  }

  return (
    <Card
      title={editing ? 'Edit Gear Ratios' : 'Gear Ratios'}
      actions={
        !editing && (
          <>
            {!isPending && !error && (
              <Button variant="secondary" size="sm" aria-label="Edit Gear Ratios" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            <HistoryButton carId={carId} section="gear-ratios" title="Gear Ratios" />
          </>
        )
      }
    >
      {content}
    </Card>
  );
}
