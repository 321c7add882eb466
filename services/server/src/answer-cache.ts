/**
 * How long an answer is kept at most (ms), even while nothing is committed: the bound on what this
 * process is not told of, i.e. a rebuild of the read models by the projections CLI on PostgreSQL,
 * which swaps their rows from another process.
 */
export const ANSWER_CACHE_MS = 1000;

/** Answers kept at once; a full cache is emptied (every entry is at most ANSWER_CACHE_MS old anyway). */
const MAX_ANSWERS = 10_000;

/**
 * Answers of read routes kept in this process while the read models they were read from stay as they
 * were. Meant for the embedded process (role 'all'), whose projector is the only writer of its read
 * models: the composition root calls `invalidate()` on every commit of that projector, before the
 * commands waiting for it answer, so a save is never followed by its writer reading the list from
 * before it. Another role's read models are written by the projector process and told by a
 * notification that may come after the writer's next read: those roles keep nothing (`ttlMs` 0).
 *
 * Only non-null answers are kept (a 404 asks again). A load running while `invalidate()` is called
 * is answered but not kept: it may have read the rows from before the commit. Keys name the route,
 * its parameters and the user whose tenancy the answer was checked for.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { value: unknown; until: number }>();
  private generation = 0;

  /** `ttlMs`: how long an answer is kept (0: never, every get loads); `now`: a monotonic clock in ms. */
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The kept answer of `key`, or what `load` answers (kept when not null and no commit came meanwhile). */
  async get<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
    if (this.ttlMs <= 0) return load();
    const at = this.now();
    const kept = this.entries.get(key);
    if (kept && kept.until > at) return kept.value as T;
    const generation = this.generation;
    const value = await load();
    if (value !== null && generation === this.generation) {
      if (this.entries.size >= MAX_ANSWERS) this.entries.clear();
      this.entries.set(key, { value, until: at + this.ttlMs });
    }
    return value;
  }

  /** Forgets every answer, and any load under way is not kept: the read models changed. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
}
