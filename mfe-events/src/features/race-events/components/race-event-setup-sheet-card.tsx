import { Alert, Button, Card, Skeleton, errorMessage, useSetupSheet } from '@pitwall/kit';
import { isBlankSheet, SetupSheetTables } from '@pitwall/setup-forms/display';
import { OwnBadge } from '../../setup-audit';
import styles from './race-events.module.css';

/**
 * The race event's 'Setup Sheet' card on Technical Settings: its EFFECTIVE sheet (the car's, field by
 * field overridden by its own), the race event's own values marked with the 'Race event' badge, the
 * rest inherited from the car (the tab's legend says so). 'Edit' opens the full-page form.
 */
export function RaceEventSetupSheetCard({ carId, raceEventId, onEdit }: { carId: number; raceEventId: number; onEdit: () => void }) {
  const { data: sheet, isPending, error } = useSetupSheet(carId, raceEventId);
  const blank = sheet !== undefined && isBlankSheet(sheet);
  return (
    <Card
      title="Setup Sheet"
      actions={
        sheet && (
          <Button variant="secondary" aria-label={blank ? undefined : 'Edit Setup Sheet'} onClick={onEdit}>
            {blank ? 'Add Setup Sheet' : 'Edit'}
          </Button>
        )
      }
    >
      {isPending ? (
        <Skeleton height="6rem" />
      ) : error ? (
        <Alert title="The setup sheet could not be loaded.">{errorMessage(error)}</Alert>
      ) : blank ? (
        <p className={styles.muted}>No setup sheet for this event yet.</p>
      ) : (
        <SetupSheetTables sheet={sheet} ownBadge={(own) => <OwnBadge own={own} />} />
      )}
    </Card>
  );
}
