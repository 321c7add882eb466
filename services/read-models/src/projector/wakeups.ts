import type { Position } from '@pitwall/eventstore';
import { comparePositions } from '@pitwall/eventstore';

/** Pause between re-reads while someone waits or right after a wake-up, in ms. */
const QUICK_RETRY_MS = 5;

/**
 * When an idle projector looks for events again: after its poll interval, at once when woken (an
 * append announced), and a few times quickly after a wake-up (an event committed just now may be
 * invisible for a moment: an older transaction still in flight holds readers back).
 */
export class Wakeups {
  private interruptSleep: (() => void) | null = null;
  /** A wake-up arrived while a batch was running: look again soon instead of sleeping a full poll interval. */
  private pending = false;
  /** Quick re-reads left after a wake-up. */
  private quickRetries = 0;
  /** Wake-ups so far (a batch compares the count before and after it). */
  private wakes = 0;
  /** The newest position the pending wake-ups announced; 'unknown' when one came without a position (another process's append). */
  private upTo: Position | 'unknown' | null = null;

  /** Wake-ups so far: a batch that sees the count change while it ran looks again at once. */
  get count(): number {
    return this.wakes;
  }

  /** New events were appended, up to `position` when the caller knows it (an append of this process), possibly by another process: ends a sleep at once. */
  wake(position?: Position): void {
    this.wakes++;
    const upTo = this.upTo;
    this.upTo = position === undefined || upTo === 'unknown' ? 'unknown' : upTo === null || comparePositions(position, upTo) > 0 ? position : upTo;
    this.pending = true;
    this.interruptSleep?.();
  }

  /** Ends the current sleep, if any (someone waits, or the projector stops). */
  interrupt(): void {
    this.interruptSleep?.();
  }

  /**
   * The read models reached `checkpoint` after a short batch: once it covers every position the
   * pending wake-ups announced, the quick re-reads after them would find nothing (they are for an
   * append a running older transaction still hides), so they are dropped.
   */
  settle(checkpoint: Position): void {
    const upTo = this.upTo;
    if (upTo !== null && upTo !== 'unknown' && comparePositions(checkpoint, upTo) >= 0) {
      this.pending = false;
      this.upTo = null;
    }
  }

  /** Sleeps until a wake-up or interrupt, or for `pollIntervalMs` (ms); only a few ms after a wake-up or while `someoneWaits`. */
  sleep(pollIntervalMs: number, someoneWaits: boolean): Promise<void> {
    if (this.pending) {
      this.pending = false;
      this.upTo = null;
      this.quickRetries = 5;
    }
    const quick = this.quickRetries > 0 || someoneWaits;
    if (this.quickRetries > 0) this.quickRetries--;
    const ms = quick ? QUICK_RETRY_MS : pollIntervalMs;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.interruptSleep = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.interruptSleep = done;
    });
  }
}
