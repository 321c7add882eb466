import type { Sql } from '@pitwall/eventstore';

/**
 * The lease of the active projector of the distributed mode: one row per projector name, held by
 * one instance (`holder`) for one `term` (raised at every take-over) until `expires_at`. The holder
 * renews it on a heartbeat; an instance that stops renewing (killed, frozen by SIGSTOP, cut off
 * from the database) loses it when it expires and a standby takes it. Every time is the database's
 * own clock (`now()`), so the instances' clocks never meet. The projector's checkpoint is the
 * fencing token: a batch is applied only after the checkpoint it was read after (see Projector),
 * so a stale holder that wakes up applies nothing a new holder has not also applied.
 */
export const PROJECTOR_LEASES_DDL = `
  CREATE TABLE IF NOT EXISTS projector_leases (
    name text PRIMARY KEY,
    holder text NOT NULL,
    term bigint NOT NULL,
    renewed_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
  );`;

/** The lease as stored: who holds it, since which take-over, and how long ago it was last renewed, in ms. */
export interface LeaseState {
  holder: string;
  term: number;
  /** Time since the holder's last heartbeat, in ms (database clock). */
  heartbeatAgeMs: number;
  /** The lease ran out: no instance projects until a standby takes it. */
  expired: boolean;
}

/** Reads the lease of projector `name`; null when no instance ever took it (the embedded mode projects in-process without one). */
export async function readLease(db: Sql, name: string): Promise<LeaseState | null> {
  const { rows } = await db.query<{ holder: string; term: string; age_ms: number; expired: boolean }>(
    `SELECT holder, term, (extract(epoch FROM now() - renewed_at) * 1000)::float8 AS age_ms, expires_at < now() AS expired FROM projector_leases WHERE name = $1`,
    [name],
  );
  const row = rows[0];
  return row ? { holder: row.holder, term: Number(row.term), heartbeatAgeMs: Math.max(0, Math.round(row.age_ms)), expired: row.expired } : null;
}

/**
 * One instance's hold on the lease of projector `name`, lasting `ttlMs` from each renewal.
 * `tryAcquire` takes it when nobody holds it or its holder let it expire (term + 1); `renew`
 * extends it and answers false once another instance took it meanwhile; `release` gives it up at
 * once (a clean shutdown, so the standby need not wait for the expiry).
 */
export class ProjectorLease {
  private term: number | null = null;

  constructor(
    private readonly db: Sql,
    readonly name: string,
    /** This instance, unique among all of the deployment's (e.g. host, pid and a random part). */
    readonly holder: string,
    readonly ttlMs: number,
  ) {}

  /** True when this instance now holds the lease (it was free, expired or already its own). */
  async tryAcquire(): Promise<boolean> {
    const { rows } = await this.db.query<{ term: string }>(
      `INSERT INTO projector_leases AS l (name, holder, term, renewed_at, expires_at)
         VALUES ($1, $2, 1, now(), now() + $3 * interval '1 millisecond')
       ON CONFLICT (name) DO UPDATE SET holder = $2, term = l.term + 1, renewed_at = now(), expires_at = EXCLUDED.expires_at
         WHERE l.expires_at < now() OR l.holder = $2
       RETURNING term`,
      [this.name, this.holder, this.ttlMs],
    );
    this.term = rows[0] ? Number(rows[0].term) : null;
    return this.term !== null;
  }

  /** Extends the lease by `ttlMs` from now; false when this instance no longer holds it (a standby took it over). */
  async renew(): Promise<boolean> {
    if (this.term === null) return false;
    const { rowCount } = await this.db.query(
      `UPDATE projector_leases SET renewed_at = now(), expires_at = now() + $4 * interval '1 millisecond' WHERE name = $1 AND holder = $2 AND term = $3`,
      [this.name, this.holder, this.term, this.ttlMs],
    );
    if (rowCount === 0) this.term = null;
    return rowCount > 0;
  }

  /** Ends this instance's lease now, if it still holds it. */
  async release(): Promise<void> {
    if (this.term === null) return;
    await this.db.query(`UPDATE projector_leases SET expires_at = now() - interval '1 millisecond' WHERE name = $1 AND holder = $2 AND term = $3`, [this.name, this.holder, this.term]);
    this.term = null;
  }
}
