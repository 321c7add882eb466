import { useState } from 'react';
import { format, parseISO } from 'date-fns';
import { z } from 'zod';
import type { Car, MaintenanceItem } from '@pitwall/contracts';
import { MAINTENANCE_ITEMS } from '@pitwall/contracts/values';
import { Button, Card, TextField, errorMessage, useToast, useUpdateCar, FormActions } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { HistoryButton } from '../../car-history';
import { daysAgoText, maintenanceRecency } from '../lib/maintenance-recency';
import styles from './maintenance-history.module.css';

/** The form's fields: one date per item as typed ('' = not recorded), sent as null when blank. */
const MaintenanceFields = z
  .object(Object.fromEntries(MAINTENANCE_ITEMS.map((i) => [i.field, z.string()])) as Record<MaintenanceItem, z.ZodString>)
  .transform((dates) => Object.fromEntries(MAINTENANCE_ITEMS.map((i) => [i.field, dates[i.field] || null])) as Record<MaintenanceItem, string | null>);

const datesOf = (car: Car) => Object.fromEntries(MAINTENANCE_ITEMS.map((i) => [i.field, car[i.field] ?? ''])) as Record<MaintenanceItem, string>;

/** 'Maintenance History' edit mode: one labelled date input per item, each clearable; saves with PUT of the whole car. */
function MaintenanceForm({ car, onDone }: { car: Car; onDone: () => void }) {
  const updateCar = useUpdateCar(car.id);
  const toast = useToast();
  const { register, handleSubmit, watch, setValue } = useZodForm(MaintenanceFields, { defaultValues: datesOf(car) });
  const dates = watch();

  const save = handleSubmit(async (changes) => {
    try {
      await updateCar.mutateAsync({ ...car, ...changes });
      toast.success('Maintenance history updated successfully');
      onDone();
    } catch (error) {
      toast.error(`Failed to update maintenance history: ${errorMessage(error)}`);
    }
  });

  return (
    <form aria-label="Edit Maintenance History" noValidate onSubmit={(e) => void save(e)}>
      <div className={styles.dateEditor}>
        {MAINTENANCE_ITEMS.map((item) => (
          <div key={item.field} className={styles.dateRow}>
            <TextField label={item.label} type="date" {...register(item.field)} />
            <Button variant="ghost" size="sm" aria-label={`Clear ${item.label}`} disabled={!dates[item.field]} onClick={() => setValue(item.field, '')}>
              Clear
            </Button>
          </div>
        ))}
      </div>
      <FormActions submitLabel="Save" isSaving={updateCar.isPending} onCancel={onDone} />
    </form>
  );
}

/**
 * 'Maintenance History' card (docs/product.md, 'Maintenance history'): the six items with date 'MMM d, yyyy' and days ago,
 * coloured green < 30, yellow < 90, red ≥ 90, grey 'Not recorded' without a date.
 */
export function MaintenanceHistoryCard({ car }: { car: Car }) {
  const [editing, setEditing] = useState(false);
  const now = new Date();
  return (
    <Card
      title={editing ? 'Edit Maintenance History' : 'Maintenance History'}
      actions={
        !editing && (
          <>
            <Button variant="secondary" size="sm" aria-label="Edit Maintenance History" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <HistoryButton carId={car.id} section="maintenance" title="Maintenance History" />
          </>
        )
      }
    >
      {editing ? (
        <MaintenanceForm car={car} onDone={() => setEditing(false)} />
      ) : (
        <ul className={styles.maintenance}>
          {MAINTENANCE_ITEMS.map((item) => {
            const date = car[item.field];
            const recency = maintenanceRecency(date, now);
            return (
              <li key={item.field} className={styles.maintenanceItem} data-tone={recency.tone} aria-label={item.label}>
                <span className={styles.maintenanceLabel}>{item.label}</span>
                {date && recency.daysAgo !== null ? (
                  <>
                    <span className={styles.maintenanceDate}>{format(parseISO(date), 'MMM d, yyyy')}</span>
                    <span className={styles.recency} data-tone={recency.tone}>
                      <span className={styles.dot} aria-hidden="true" />
                      {daysAgoText(recency.daysAgo)}
                    </span>
                  </>
                ) : (
                  <span className={styles.recency} data-tone="grey">
                    <span className={styles.dot} aria-hidden="true" />
                    Not recorded
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
