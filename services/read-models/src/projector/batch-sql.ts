import type { Position, Sql } from '@pitwall/eventstore';
import { formatPosition } from '@pitwall/eventstore';
import type { ProjectionStatement } from '../projection.ts';

/**
 * Applies a batch's statements in ONE call (one round trip, whatever the number of statements):
 * `statements[i]` is executed with `rows -> i` as its $1 (EXECUTE … USING: a parameter, never
 * inlined). The statements are the projections' own (see ProjectionStatement: their tables and
 * columns come from the code, their rows from the events); the caller's rights apply. One call
 * keeps the database busy while Node folds the next batch: with a round trip per statement, each
 * waited for the fold to yield (a rebuild on PostgreSQL spent a third of its time so).
 */
export const APPLY_BATCH_DDL = `
  CREATE OR REPLACE FUNCTION pitwall_apply_batch(statements text[], rows jsonb) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    FOR i IN 1 .. coalesce(array_length(statements, 1), 0) LOOP
      EXECUTE statements[i] USING rows -> (i - 1);
    END LOOP;
  END $$;`;

const APPLY_BATCH = `SELECT pitwall_apply_batch($1::text[], $2::jsonb)`;

/** The parameters of {@link APPLY_BATCH}: the texts, and the rows of each as one JSON array (each statement's rows are JSON already). */
const applyBatchParams = (statements: readonly ProjectionStatement[]): [string[], string] => [statements.map((s) => s.text), `[${statements.map((s) => s.params[0]).join(',')}]`];

/**
 * Sends `statements` in one call of {@link APPLY_BATCH_DDL}'s function, inside the caller's
 * transaction; the promise settles once the database has run them all.
 */
export const applyStatements = (tx: Sql, statements: readonly ProjectionStatement[]): Promise<unknown> => tx.query(APPLY_BATCH, applyBatchParams(statements));

/**
 * A whole batch as ONE statement, its own transaction (no BEGIN, no COMMIT round trip): the
 * fencing check (the checkpoint row of `projector` locked, compared with `after`, the position the
 * batch was read after), the statements as in {@link APPLY_BATCH_DDL}, and the checkpoint moved
 * to `last`. Answers null when applied; the stored checkpoint (text, '-1/-1' when the row is
 * missing) when it differs from `after`: then nothing is applied. A statement that fails rolls the
 * whole call back (the projector then applies the batch in pieces). Its commit does not wait for
 * the WAL flush (synchronous_commit off, for this transaction only): the rows and the checkpoint
 * commit together, so a server crash can lose only the last batches whole, and the projector then
 * applies them again from the events, which were flushed at their append (an append's commit
 * waits for its flush, and the WAL flushes in order). Used by the live projector on PostgreSQL,
 * where the nine round trips of a transaction cost more than the call. Each statement text is
 * prepared once per connection (`pitwall_<md5 of the text>`, PREPARE … (jsonb)) and then executed
 * by name, so a live batch's statements are not planned again at every call (planning is a
 * measurable share of a small batch: bench/README.md); at most 256 such plans a connection (the texts vary with
 * the columns a batch writes), further texts run unprepared as before.
 */
export const PROJECT_BATCH_DDL = `
  CREATE OR REPLACE FUNCTION pitwall_project_batch(projector text, after text, last text, statements text[], rows jsonb) RETURNS text LANGUAGE plpgsql AS $$
  DECLARE
    stored text;
    plan text;
  BEGIN
    SELECT position INTO stored FROM projection_checkpoints WHERE name = projector FOR UPDATE;
    IF coalesce(stored, '-1/-1') <> after THEN
      RETURN coalesce(stored, '-1/-1');
    END IF;
    PERFORM set_config('synchronous_commit', 'off', true);
    FOR i IN 1 .. coalesce(array_length(statements, 1), 0) LOOP
      plan := 'pitwall_' || md5(statements[i]);
      IF NOT EXISTS (SELECT 1 FROM pg_prepared_statements p WHERE p.name = plan) THEN
        IF (SELECT count(*) FROM pg_prepared_statements p WHERE p.name LIKE 'pitwall\\_%') >= 256 THEN
          EXECUTE statements[i] USING rows -> (i - 1);
          CONTINUE;
        END IF;
        EXECUTE format('PREPARE %I(jsonb) AS %s', plan, statements[i]);
      END IF;
      EXECUTE format('EXECUTE %I(%L)', plan, rows -> (i - 1));
    END LOOP;
    UPDATE projection_checkpoints SET position = last, updated_at = now() WHERE name = projector;
    RETURN NULL;
  END $$;`;

const PROJECT_BATCH = `SELECT pitwall_project_batch($1, $2, $3, $4::text[], $5::jsonb) AS stored`;

/**
 * Applies `statements` of the batch read after `after` up to `last`, fenced on the checkpoint of
 * `projector`, in one call of {@link PROJECT_BATCH_DDL}'s function (PostgreSQL): null when applied,
 * the stored checkpoint (text 'commit/prepare') when the batch is stale and nothing was applied.
 */
export async function projectStatements(sql: Sql, projector: string, after: Position, last: Position, statements: readonly ProjectionStatement[]): Promise<string | null> {
  const [texts, rows] = applyBatchParams(statements);
  const { rows: answer } = await sql.query<{ stored: string | null }>(PROJECT_BATCH, [projector, formatPosition(after), formatPosition(last), texts, rows]);
  return answer[0]?.stored ?? null;
}
