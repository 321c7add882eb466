import { useState } from 'react';
import type { PitStopAnswer, RunSession, StintValue, TimingFileDifference } from '@pitwall/contracts';
import { timingFileStops } from '@pitwall/contracts/values';
import { ConfirmDialog, errorMessage, useToast } from '@pitwall/kit';
import { useRevisePitStop } from '../api/pit-stops';

/** A difference as the dialog writes it: 'In on lap 30: stop time logged 65.0 s, the file 64.0 s'. */
function differenceText(d: TimingFileDifference, nameOf: (memberId: number) => string): string {
  return d.field === 'stopMs'
    ? `In on lap ${d.inLap}: stop time logged ${(d.logged / 1000).toFixed(1)} s, the file ${(d.file / 1000).toFixed(1)} s`
    : `In on lap ${d.inLap}: driver out logged ${nameOf(d.logged)}, the file ${nameOf(d.file)}`;
}

/**
 * A timing import on a session whose pit stops were logged as they happened: `merge(fileStints)`
 * (after its laps are saved) fills each stop time the pit wall left blank from the file's pit time
 * (timingFileStops) and keeps the logged fuel, tires and drivers; where the file gives a logged value
 * otherwise, `dialog` says which and keeps the logged one unless the user takes the file's.
 */
export function useTimingFileStops(session: RunSession, nameOf: (memberId: number) => string) {
  const revise = useRevisePitStop(session.carId, session.eventId);
  const toast = useToast();
  const [differences, setDifferences] = useState<TimingFileDifference[]>([]);
  const patch = (stopId: number, changes: { stopMs?: number; driverMemberId?: number }) => revise.mutateAsync({ sessionId: session.id, body: { stopId, changes } });

  const merge = async (fileStints: readonly StintValue[]) => {
    const { fills, differences: found } = timingFileStops(session.pitStops, fileStints);
    try {
      for (const { stopId, stopMs } of fills) await patch(stopId, { stopMs });
      toast.success(`Lap times saved; the logged pit stops kept${fills.length > 0 ? `, ${fills.length} stop ${fills.length === 1 ? 'time' : 'times'} filled from the timing file` : ''}`);
    } catch (error) {
      toast.error(`Lap times saved; failed to fill the stop times from the timing file: ${errorMessage(error)}`);
    }
    setDifferences(found);
  };

  const takeFile = async () => {
    try {
      for (const d of differences) await patch(d.stopId, { [d.field]: d.file });
      toast.success("Pit stops: the timing file's values taken");
    } catch (error) {
      toast.error(`Failed to take the timing file's values: ${errorMessage(error)}`);
    }
    setDifferences([]);
  };

  const dialog = (
    <ConfirmDialog
      open={differences.length > 0}
      onOpenChange={(open) => !open && setDifferences([])}
      title="The timing file differs from the logged pit stops"
      description={
        <ul>
          {differences.map((d) => (
            <li key={`${d.stopId}-${d.field}`}>{differenceText(d, nameOf)}</li>
          ))}
        </ul>
      }
      confirmLabel="Use the file's values"
      cancelLabel="Keep the logged ones"
      tone="primary"
      onConfirm={() => void takeFile()}
      busy={revise.isPending}
    />
  );
  return { merge, dialog };
}

/**
 * The import preview's word on the logged pit stops (`stops`) against the stints of the file's laps
 * (`fileStints`): they stay; how many stop times the file fills; each logged value the file gives
 * otherwise, saying which (kept unless the user takes the file's after saving); each stop of the file
 * nobody logged. Nothing when the session has no logged stops.
 */
export function LoggedStopsNote({ stops, fileStints, nameOf }: { stops: readonly PitStopAnswer[]; fileStints: readonly StintValue[]; nameOf: (memberId: number) => string }) {
  if (stops.length === 0) return null;
  const { fills, differences, unlogged } = timingFileStops(stops, fileStints);
  return (
    <div aria-label="Logged pit stops" role="note">
      <p>
        The {stops.length} logged pit {stops.length === 1 ? 'stop stays' : 'stops stay'}
        {fills.length > 0 ? `; the file fills ${fills.length} missing stop ${fills.length === 1 ? 'time' : 'times'}` : ''}.
      </p>
      {(differences.length > 0 || unlogged.length > 0) && (
        <ul>
          {differences.map((d) => (
            <li key={`${d.stopId}-${d.field}`}>{differenceText(d, nameOf)}: the logged value stays unless you choose the file's after saving</li>
          ))}
          {unlogged.map((u) => (
            <li key={u.inLap}>In on lap {u.inLap}: a stop in the file that was not logged (log it with Pit stop to keep it)</li>
          ))}
        </ul>
      )}
    </div>
  );
}
