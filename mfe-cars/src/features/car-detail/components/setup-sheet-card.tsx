import { useState } from 'react';
import { Alert, Button, Card, Skeleton, errorMessage, useSetupSheet } from '@pitwall/kit';
import { isBlankSheet, SetupSheetTables } from '@pitwall/setup-forms/display';
import { HistoryButton } from '../../car-history';
import { CarSetupSheetForm, FormSuspense } from './lazy-forms';
import styles from './car-record.module.css';

/**
 * 'Setup Sheet' card (docs/product.md, 'Setup sheet'): the engineer's sheet of the car's baseline
 * (the four corners as one compact table, then aero, brakes, differential, electronics, anti-roll
 * bars, ballast and notes; only what is recorded), or the 'Edit Setup Sheet' form in its place.
 */
export function SetupSheetCard({ carId }: { carId: number }) {
  const [editing, setEditing] = useState(false);
  const { data: sheet, isPending, error } = useSetupSheet(carId);
  const blank = sheet !== undefined && isBlankSheet(sheet);

  let content;
  if (isPending) content = <Skeleton height="8rem" />;
  else if (error) content = <Alert title="The setup sheet could not be loaded.">{errorMessage(error)}</Alert>;
  else if (editing) {
    content = (
      <FormSuspense height="20rem">
        <CarSetupSheetForm carId={carId} sheet={sheet} onDone={() => setEditing(false)} />
      </FormSuspense>
    );
  } else if (blank) {
    content = (
      <div className={styles.empty}>
        <p>No setup sheet recorded yet.</p>
        <Button onClick={() => setEditing(true)}>Add Setup Sheet</Button>
      </div>
    );
  } else content = <SetupSheetTables sheet={sheet} />;

  return (
    <Card
      title={editing ? 'Edit Setup Sheet' : 'Setup Sheet'}
      actions={
        !editing && (
          <>
            {sheet && !blank && (
              <Button variant="secondary" aria-label="Edit Setup Sheet" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            <HistoryButton carId={carId} section="setup-sheet" title="Setup Sheet" />
          </>
        )
      }
    >
      {content}
    </Card>
  );
}
