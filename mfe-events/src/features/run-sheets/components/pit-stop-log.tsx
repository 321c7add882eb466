import { useState } from 'react';
import type { PitStopAnswer, RunSession } from '@pitwall/contracts';
import { Button, ConfirmDialog, errorMessage, useToast } from '@pitwall/kit';
import { useRacePlan } from '../../race-plan';
import { useRemovePitStop } from '../api/pit-stops';
import { TireSetName } from './tire-set-picker';
import { PitStopSheet } from './pit-stop-sheet';
import { nextInLap } from '../lib/pit-stop-form';
import styles from './run-sheets.module.css';

/** One logged stop as the list writes it: 'In on lap 30 · Ben out · 60 L · 64.0 s' (what was not recorded left out). */
function StopLine({ stop, carId, nameOf }: { stop: PitStopAnswer; carId: number; nameOf: (memberId: number) => string }) {
  const parts = [
    `In on lap ${stop.inLap}`,
    stop.driverMemberId === null ? 'same driver' : `${nameOf(stop.driverMemberId)} out`,
    stop.fuelAddedLitres === null ? 'fuel not recorded' : `${stop.fuelAddedLitres} L`,
    stop.stopMs === null ? 'time not recorded' : `${(stop.stopMs / 1000).toFixed(1)} s`,
  ];
  return (
    <span>
      {parts.join(' · ')}
      {stop.tireSetId !== null && <> · <TireSetName carId={carId} tireSetId={stop.tireSetId} /></>}
    </span>
  );
}

/**
 * Pit stops logged as they happen on a race session (race day, with or without its laps): one big
 * 'Pit stop' button opening the sheet (PitStopSheet), the in lap offered from the race plan's laps
 * per stint (or the laps recorded), and the list of logged stops, each with Edit and Remove (Remove
 * asks first). A stop logged offline (its id below 0 until saved) is not editable until it is saved.
 */
export function PitStopLog({ session, driverOptions, nameOf }: { session: RunSession; driverOptions: readonly { value: string; label: string }[]; nameOf: (memberId: number) => string }) {
  const lapsPerStint = useRacePlan(session.carId, session.eventId).data?.lapsPerStint ?? null;
  const remove = useRemovePitStop(session.carId, session.eventId);
  const toast = useToast();
  const [sheet, setSheet] = useState<{ stop: PitStopAnswer | null } | null>(null);
  const [removing, setRemoving] = useState<PitStopAnswer | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync({ sessionId: session.id, body: { stopId: removing.stopId } });
      toast.success(`Pit stop removed: in on lap ${removing.inLap}`);
      setRemoving(null);
    } catch (error) {
      toast.error(`Failed to remove the pit stop: ${errorMessage(error)}`);
    }
  };

  return (
    <div className={styles.stack}>
      <Button className={styles.pitStopButton} onClick={() => setSheet({ stop: null })}>
        Pit stop
      </Button>
      {session.pitStops.length > 0 && (
        <ol className={styles.stintList} aria-label="Pit stops">
          {session.pitStops.map((stop) => (
            <li key={stop.stopId} className={styles.stint}>
              <StopLine stop={stop} carId={session.carId} nameOf={nameOf} />
              <span className={styles.stintActions}>
                <Button variant="secondary" disabled={stop.stopId < 0} aria-label={`Edit pit stop in on lap ${stop.inLap}`} onClick={() => setSheet({ stop })}>Edit</Button>
                <Button variant="danger" disabled={stop.stopId < 0} aria-label={`Remove pit stop in on lap ${stop.inLap}`} onClick={() => setRemoving(stop)}>Remove</Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {sheet && <PitStopSheet session={session} stop={sheet.stop} offeredInLap={nextInLap(session.pitStops, lapsPerStint, session.laps.length)} driverOptions={driverOptions} onClose={() => setSheet(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove the pit stop in on lap ${removing?.inLap ?? ''}?`}
        description="The stints before and after it join into one."
        confirmLabel="Remove"
        onConfirm={() => void confirmRemove()}
        busy={remove.isPending}
      />
    </div>
  );
}
