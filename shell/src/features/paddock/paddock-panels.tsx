import { useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Button, changeAsText, writeQueue, useToast, type QueuedWrite } from '@pitwall/kit';
import { ConflictDialog } from './conflict-dialog';
import './paddock.css';

/**
 * The oldest moment the data on screen was read from the server (epoch ms), or undefined when nothing
 * is shown. The session check (['auth', …]) is not data on screen: it is restored from an earlier
 * visit and not read again on a fresh load, so its time would keep the banner at that visit's time.
 */
function useShownDataTime(): number | undefined {
  const queryCache = useQueryClient().getQueryCache();
  return useSyncExternalStore(
    (listener) => queryCache.subscribe(listener),
    () => {
      const times = queryCache
        .findAll({ type: 'active', predicate: (q) => q.queryKey[0] !== 'auth' })
        .map((q) => q.state.dataUpdatedAt)
        .filter((t) => t > 0);
      return times.length ? Math.min(...times) : undefined;
    },
  );
}

/** 'Offline — showing what was saved at 14:32': quiet, on every screen while there is no signal. */
function OfflineBanner() {
  const time = useShownDataTime();
  return (
    <p className="paddock-banner" role="status">
      Offline — {time === undefined ? 'changes are kept until the signal returns' : `showing what was saved at ${format(time, 'HH:mm')}`}
    </p>
  );
}

const STATUS_TEXT: Record<QueuedWrite['status'], string> = { waiting: 'Waiting', conflict: 'Needs your choice', refused: 'Refused' };

/** '3 changes waiting for signal': each change named, copyable as text, discardable; a conflict opens the choice dialog. */
function WriteQueuePanel({ changes }: { changes: readonly QueuedWrite[] }) {
  const [open, setOpen] = useState(false);
  const [picked, setChoosing] = useState<QueuedWrite | null>(null);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  // A save made just now whose fields a teammate changed too asks at once: its form waits for the choice.
  const choosing = picked ?? changes.find((c) => c.status === 'conflict' && writeQueue.isAwaited(c.id) && !closed.has(c.id)) ?? null;
  const { toast } = useToast();
  const waiting = changes.filter((c) => c.status === 'waiting').length;
  const needsChoice = changes.filter((c) => c.status === 'conflict');
  const summary =
    waiting > 0 ? `${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting for signal` : `${changes.length} ${changes.length === 1 ? 'change' : 'changes'} not saved`;
  const copy = async (change: QueuedWrite) => {
    try {
      await navigator.clipboard.writeText(changeAsText(change));
      toast({ description: `${change.name}: copied as text`, variant: 'success' });
    } catch {
      toast({ description: 'Could not copy: the browser refused the clipboard', variant: 'error' });
    }
  };
  return (
    <section className="paddock-write-queue" aria-label="Unsent changes">
      <button type="button" className="paddock-write-queue__summary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {summary}
        {needsChoice.length > 0 && ` · ${needsChoice.length} need${needsChoice.length === 1 ? 's' : ''} your choice`}
      </button>
      {open && (
        <ul className="paddock-write-queue__list">
          {changes.map((change) => (
            <li key={change.id} className="paddock-write-queue__item">
              <div className="paddock-write-queue__text">
                <span className="paddock-write-queue__name">{change.name}</span>
                <span className={`paddock-write-queue__status paddock-write-queue__status--${change.status}`}>
                  {STATUS_TEXT[change.status]} · made {format(new Date(change.madeAt), 'HH:mm')}
                  {change.error && ` · ${change.error}`}
                </span>
              </div>
              <div className="paddock-write-queue__actions">
                {change.status === 'conflict' && (
                  <Button size="sm" onClick={() => setChoosing(change)} aria-label={`Choose values: ${change.name}`}>
                    Choose
                  </Button>
                )}
                <Button size="sm" variant="secondary" onClick={() => void copy(change)} aria-label={`Copy: ${change.name}`}>
                  Copy
                </Button>
                <Button size="sm" variant="ghost" onClick={() => void writeQueue.discard(change.id)} aria-label={`Discard: ${change.name}`}>
                  Discard
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {choosing && (
        <ConflictDialog
          key={choosing.id}
          change={choosing}
          onClose={() => {
            writeQueue.release(choosing.id);
            setChoosing(null);
            setClosed(new Set([...closed, choosing.id]));
          }}
        />
      )}
    </section>
  );
}

/** The offline banner and the write queue (a chunk of its own, loaded by PaddockStatus when needed). */
export default function PaddockPanels({ online, changes }: { online: boolean; changes: readonly QueuedWrite[] }) {
  return (
    <div className="paddock-status">
      {!online && <OfflineBanner />}
      {changes.length > 0 && <WriteQueuePanel changes={changes} />}
    </div>
  );
}
