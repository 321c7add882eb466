import type { Position } from '@pitwall/eventstore';
import { comparePositions } from '@pitwall/eventstore';

/** The callers waiting for the read models to include a position (read-your-writes), each with its timeout. */
export class Waiters {
  private list: { position: Position; resolve: (ok: boolean) => void }[] = [];

  /** How many wait (the projector re-reads quickly while any does). */
  get size(): number {
    return this.list.length;
  }

  /** Resolves true once {@link reached} covers `position`, false after `timeoutMs` (ms) or at {@link releaseAll}. */
  add(position: Position, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter = { position, resolve };
      this.list.push(waiter);
      setTimeout(() => {
        const i = this.list.indexOf(waiter);
        if (i >= 0) {
          this.list.splice(i, 1);
          resolve(false);
        }
      }, timeoutMs).unref?.();
    });
  }

  /** The read models now include `position`: every waiter up to it resolves true. */
  reached(position: Position): void {
    this.list = this.list.filter((w) => {
      if (comparePositions(position, w.position) < 0) return true;
      w.resolve(true);
      return false;
    });
  }

  /** Every waiter resolves false (the projector stops). */
  releaseAll(): void {
    for (const w of this.list.splice(0)) w.resolve(false);
  }
}
