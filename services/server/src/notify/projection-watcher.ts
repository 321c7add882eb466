import type { Sql, Position } from '@pitwall/eventstore';
import { comparePositions, parsePosition, START } from '@pitwall/eventstore';
import type { Notifier } from './notifier.ts';

/**
 * What a command process knows of a projector running elsewhere: `waitFor(P)` resolves when
 * the projector reports (notification) or the checkpoint table shows (poll every `pollMs`) that
 * the read models include P. Same contract as Projector.waitFor.
 */
export class ProjectionWatcher {
  private known: Position = START;
  private waiters: { position: Position; resolve: (ok: boolean) => void }[] = [];
  private readonly unsubscribe: () => void;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly sql: Sql,
    notifier: Notifier,
    private readonly projection: string,
    private readonly pollMs = 250,
  ) {
    this.unsubscribe = notifier.onCaughtUp((name, position) => {
      if (name === this.projection) this.advance(position);
    });
  }

  /** The newest position known to be in the read models. */
  get position(): Position {
    return this.known;
  }

  waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    if (comparePositions(this.known, position) >= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { position, resolve };
      this.waiters.push(waiter);
      this.schedulePoll();
      setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) {
          this.waiters.splice(i, 1);
          resolve(false);
        }
      }, timeoutMs).unref();
    });
  }

  close(): void {
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    for (const w of this.waiters.splice(0)) w.resolve(false);
  }

  private advance(position: Position): void {
    if (comparePositions(position, this.known) > 0) this.known = position;
    this.waiters = this.waiters.filter((w) => {
      if (comparePositions(this.known, w.position) < 0) return true;
      w.resolve(true);
      return false;
    });
  }

  private schedulePoll(): void {
    if (this.timer) return;
    this.timer = setTimeout(async () => {
      this.timer = null;
      try {
        const { rows } = await this.sql.query<{ position: string }>('SELECT position FROM projection_checkpoints WHERE name = $1', [this.projection]);
        if (rows[0]) this.advance(parsePosition(rows[0].position));
      } catch {
        // The next poll tries again; waiters time out on their own.
      }
      if (this.waiters.length) this.schedulePoll();
    }, this.pollMs);
    this.timer.unref();
  }
}
