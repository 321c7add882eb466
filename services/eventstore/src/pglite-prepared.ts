import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

/**
 * Prepared statements on PGlite. PGlite's own `query()` parses and plans every statement anew and
 * talks to PostgreSQL in six separate protocol steps (parse, describe, bind, describe, execute,
 * sync); for a small keyed statement, planning and those steps are most of its cost (a one-event
 * append spent two thirds of its time there). Here each distinct statement text is parsed once as
 * a named statement, and each run is one protocol round (bind, describe, execute, sync), as the pg
 * adapter does with node-postgres' named statements.
 */

/** Distinct statement texts prepared per database; beyond this, statements run as PostgreSQL's unnamed statement (parsed and planned each time). */
const MAX_PREPARED = 200;

const { serialize } = protocol;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A statement prepared on the database: its name and its parameters' type oids (which pick each value's serializer). */
interface Prepared {
  name: string;
  paramTypes: number[];
}

/**
 * Runs one parameterised statement as a prepared statement, answering PGlite's `Results`. Must be
 * called inside PGlite's query mutex (and outside a transaction, inside its transaction mutex too);
 * `inTransaction` false syncs the data dir to the file system afterwards, as PGlite's `query()` does.
 * Rejects with PGlite's `DatabaseError` (its `code` is the SQLSTATE) when PostgreSQL answers an error.
 * Pitfall, as with node-postgres: a prepared `SELECT *` fails with "cached plan must not change
 * result type" once its table's columns change under the open database; reopen it after such a DDL.
 */
export type PreparedQuery = <Row>(text: string, params: readonly unknown[], inTransaction: boolean) => Promise<Results<Row>>;

/** The prepared-statement runner of one PGlite instance (its statement names are per instance). */
export function preparedStatements(pglite: PGlite): PreparedQuery {
  const prepared = new Map<string, Prepared>();

  /** Parses `text` as a named statement (kept), or as the unnamed one (replaced by the next) once the cache is full. */
  async function prepare(text: string): Promise<Prepared> {
    const name = prepared.size < MAX_PREPARED ? `pitwall_${prepared.size}` : '';
    const messages = await pglite.execProtocolStream(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    if (name !== '') prepared.set(text, statement);
    return statement;
  }

  return async <Row>(text: string, params: readonly unknown[], inTransaction: boolean) => {
    const statement = prepared.get(text) ?? (await prepare(text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await pglite.execProtocolStream(
      concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    if (!inTransaction) await pglite.syncToFs();
    return parse.parseResults(messages, pglite.parsers)[0] as Results<Row>;
  };
}
