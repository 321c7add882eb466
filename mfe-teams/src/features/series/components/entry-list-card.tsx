import { useState } from 'react';
import type { Series, SeriesEntry } from '@pitwall/contracts';
import { Alert, Button, Card, ConfirmDialog, Skeleton, errorMessage, useToast } from '@pitwall/kit';
import { useSeriesEntries, useWithdrawEntry } from '../api/series';
import { EntriesByClass } from './entries-by-class';
import styles from './series.module.css';

/**
 * The entry list by class. The organiser sees every team's active entries with their passports;
 * a team sees its own, each with 'Withdraw' (owner or admin), which takes the car's data away
 * from the organiser at once.
 */
export function EntryListCard({ series }: { series: Series }) {
  const toast = useToast();
  const entries = useSeriesEntries(series.id);
  const withdraw = useWithdrawEntry(series.id);
  const [withdrawing, setWithdrawing] = useState<SeriesEntry | null>(null);
  const organiser = series.role === 'organiser';
  const canWithdraw = !organiser && series.myTeams.some((t) => t.myRole === 'owner' || t.myRole === 'admin');

  const confirm = async () => {
    if (!withdrawing) return;
    try {
      await withdraw.mutateAsync(withdrawing.id);
      toast.success(`#${withdrawing.number} ${withdrawing.passport.name} withdrawn`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
    setWithdrawing(null);
  };

  return (
    <Card title={organiser ? `Entry List${entries.data ? ` (${entries.data.length})` : ''}` : 'Your Entries'}>
      {entries.isPending ? (
        <Skeleton height="6rem" />
      ) : entries.error ? (
        <Alert title="Entries could not be loaded.">{errorMessage(entries.error)}</Alert>
      ) : entries.data.length === 0 ? (
        <p className={styles.muted}>{organiser ? 'No cars entered yet.' : 'None of your cars is entered yet.'}</p>
      ) : (
        <EntriesByClass
          classes={series.classes}
          entries={entries.data}
          actions={
            canWithdraw
              ? (entry) => (
                  <Button variant="danger" size="sm" aria-label={`Withdraw #${entry.number} ${entry.passport.name}`} onClick={() => setWithdrawing(entry)}>
                    Withdraw
                  </Button>
                )
              : undefined
          }
        />
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title="Withdraw Car"
        description={
          withdrawing &&
          `Withdraw #${withdrawing.number} ${withdrawing.passport.name} from ${series.name}? The organiser will no longer see its passport; past scrutineering results keep only its number and class.`
        }
        confirmLabel="Withdraw"
        busy={withdraw.isPending}
        onConfirm={() => void confirm()}
      />
    </Card>
  );
}
