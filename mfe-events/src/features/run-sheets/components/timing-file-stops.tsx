import { useState } from 'react';
import type { RunSession, StintValue, TimingFileDifference } from '@pitwall/contracts';
import { timingFileStops } from '@pitwall/contracts/values';
import { ConfirmDialog, errorMessage, useRevisePitStop, useToast } from '@pitwall/kit';

/** A difference as the dialog writes it: 'In on lap 30: stop time logged 65.0 s, the file 64.0 s'. */
export function differenceText(d: TimingFileDifference, nameOf: (memberId: number) => string): string {
  return d.field === 'stopMs'
    ? `In on lap ${d.inLap}: stop time logged ${(d.logged / 1000).toFixed(1)} s, the file ${(d.file / 1000).toFixed(1)} s`
    : `In on lap ${d.inLap}: driver out logged ${nameOf(d.logged)}, the file ${nameOf(d.file)}`;
}

/**
 * A timing import on a session whose pit stops were logged as they happened: `merge(fileStints)`
 * (after its laps are saved) fills each stop time the pit wall left blank from the file's pit time
 * (timingFileStops) and keeps the logged fuel, tyres and drivers; where the file gives a logged value
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
