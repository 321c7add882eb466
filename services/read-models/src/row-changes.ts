import { rowsStatement, type ProjectionStatement } from './projection.ts';

/** A read-model row as a projection writes it: column name → value (JSON-serialisable: a bigint is passed as its decimal digits, a string). */
export type Row = Record<string, unknown>;

/** A read-model table as {@link RowChanges} writes it: its name and its primary-key column. */
export interface TableShape {
  table: string;
  key: string;
}

/** What a batch does to one row, after folding: written whole (inserted or replaced), changed in some columns, or deleted. */
type Net = { kind: 'write'; row: Row } | { kind: 'patch'; set: Row } | { kind: 'delete' };

/** `a` and `b` equal as SQL's IS NOT DISTINCT FROM sees them (null equals null). */
const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * Folds a batch of row changes to one table in memory, in event order, and answers them as a few
 * set-based, parameterised statements (one per kind of change and column set, each carrying its
 * rows as ONE jsonb parameter read by `jsonb_populate_recordset` with the table's own row type, so
 * the keys of a {@link Row} are the table's column names): the projector's rebuild is bound by
 * statements, not rows.
 *
 * The statements of a phase (usually the whole batch; see {@link removeWhere}) run in this order,
 * which gives the same table as applying the changes one by one (a property test holds it to that):
 * 1. deletions by other columns ({@link removeWhere}: e.g. a car's gear ratios of one setup),
 * 2. deletions by key, 3. whole rows (INSERT … ON CONFLICT (key) DO UPDATE), 4. column changes of
 * rows that existed before the batch (UPDATE … FROM). A change to a row written earlier in the
 * batch is merged into it; a row deleted in the batch ignores later column changes; a
 * {@link removeWhere} also drops matching rows written earlier in the batch. A whole row written
 * over an existing one sets the columns it names. A column the table lacks fails the statement.
 */
export class RowChanges {
  private readonly phases: Phase[] = [new Phase()];

  constructor(private readonly shape: TableShape) {}

  /** Writes the whole row (a new row, or a replacement of the row with the same key). */
  write(row: Row): void {
    const k = this.keyOf(row[this.shape.key]);
    const written = { ...row };
    this.current.net.set(k, { kind: 'write', row: written });
    this.current.indexWrite(k, written);
  }

  /** Changes some columns of the row with this key; nothing if the row does not exist. */
  patch(key: unknown, set: Row): void {
    const k = this.keyOf(key);
    const current = this.current.net.get(k);
    if (current?.kind === 'delete') return;
    if (current?.kind === 'write') {
      current.row = { ...current.row, ...set };
      this.current.indexWrite(k, current.row);
    } else {
      this.current.net.set(k, { kind: 'patch', set: { ...(current?.set ?? {}), ...set } });
      for (const c of Object.keys(set)) this.current.patchedColumns.add(c);
    }
  }

  /** Deletes the row with this key. @throws TypeError when the key is null (a programming error). */
  remove(key: unknown): void {
    this.current.net.set(this.keyOf(key), { kind: 'delete' });
  }

  /**
   * Deletes every row whose columns equal `match` (null matches null), written before or during
   * the batch. After a change of a matched column of a row the batch has not written whole (its
   * other values are only in the table), the changes so far are applied first (a new phase).
   */
  removeWhere(match: Row): void {
    const columns = Object.keys(match);
    if (columns.some((c) => this.current.patchedColumns.has(c))) this.phases.push(new Phase());
    const phase = this.current;
    for (const k of phase.writtenMatching(match)) phase.net.set(k, { kind: 'delete' });
    phase.removals.set(JSON.stringify(match), { ...match });
  }

  /** The statements that apply the folded batch: per phase, in the order described on the class. */
  statements(): ProjectionStatement[] {
    return this.phases.flatMap((phase) => this.phaseStatements(phase));
  }

  private get current(): Phase {
    return this.phases[this.phases.length - 1]!;
  }

  private phaseStatements({ net, removals }: Phase): ProjectionStatement[] {
    const { table, key } = this.shape;
    const out: ProjectionStatement[] = [];
    // Grouped by which columns are null too: `t.c = r.c` can use an index, IS NOT DISTINCT FROM cannot.
    const isNull = (row: Row, c: string) => (row[c] ?? null) === null;
    for (const rows of groupBy([...removals.values()], (row) => Object.keys(row).sort().map((c) => (isNull(row, c) ? `${c} null` : c)).join(','))) {
      const columns = Object.keys(rows[0]!).sort();
      const match = columns.map((c) => (isNull(rows[0]!, c) ? `t.${c} IS NULL` : `t.${c} = r.${c}`));
      out.push(rowsStatement(`DELETE FROM ${table} AS t USING ${RECORDSET(table)} WHERE ${match.join(' AND ')}`, json(rows)));
    }
    const entries = [...net.entries()];
    const deleted = entries.filter(([, n]) => n.kind === 'delete').map(([k]) => ({ [key]: JSON.parse(k) as unknown }));
    if (deleted.length > 0) out.push(rowsStatement(`DELETE FROM ${table} AS t USING ${RECORDSET(table)} WHERE t.${key} = r.${key}`, json(deleted)));
    for (const [columns, rows] of groupByColumns(entries.flatMap(([, n]) => (n.kind === 'write' ? [n.row] : [])))) {
      const others = columns.filter((c) => c !== key);
      out.push(
        rowsStatement(
          `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${columns.map((c) => `r.${c}`).join(', ')} FROM ${RECORDSET(table)}
           ON CONFLICT (${key}) DO ${others.length === 0 ? 'NOTHING' : `UPDATE SET ${others.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`}`,
          json(rows),
        ),
      );
    }
    const patches = entries.flatMap(([k, n]) => (n.kind === 'patch' ? [{ ...n.set, [key]: JSON.parse(k) as unknown }] : []));
    for (const [columns, rows] of groupByColumns(patches)) {
      const set = columns.filter((c) => c !== key);
      out.push(rowsStatement(`UPDATE ${table} AS t SET ${set.map((c) => `${c} = r.${c}`).join(', ')} FROM ${RECORDSET(table)} WHERE t.${key} = r.${key}`, json(rows)));
    }
    return out;
  }

  private keyOf(value: unknown): string {
    if (value === null || value === undefined) throw new TypeError(`${this.shape.table}: a row needs its key ${this.shape.key}`);
    return JSON.stringify(value);
  }
}

/** The values of `columns` of a row as one map key (null and undefined alike, as {@link same} sees them). */
const valuesKey = (row: Row, columns: readonly string[]): string => JSON.stringify(columns.map((c) => row[c] ?? null));

/**
 * The changes of one phase: the net change per key (JSON of the key), the deletions by other
 * columns (by the JSON of their match), and what lets {@link RowChanges.removeWhere} run in time
 * linear in the rows it matches, not in the batch (a gear-ratio or tire-pressure fold calls it per
 * event): the columns any patch of the phase changed, and per column set a removeWhere has used,
 * the keys of the rows written with each combination of values.
 */
class Phase {
  readonly net = new Map<string, Net>();
  readonly removals = new Map<string, Row>();
  /** Columns changed by a patch in this phase (a superset once a patched row is written whole: a needless new phase is still correct). */
  readonly patchedColumns = new Set<string>();
  /** Column set (sorted, comma-joined) → values key → keys of rows written with those values (candidates: re-checked on use). */
  private readonly written = new Map<string, Map<string, Set<string>>>();

  /** Records a row written whole (or changed after being written) under every column set indexed so far. */
  indexWrite(k: string, row: Row): void {
    for (const [signature, index] of this.written) addTo(index, valuesKey(row, signature.split(',')), k);
  }

  /** Keys of the rows written in this phase (and not deleted or replaced since) whose columns equal `match`. */
  writtenMatching(match: Row): string[] {
    const columns = Object.keys(match).sort();
    const signature = columns.join(',');
    let index = this.written.get(signature);
    if (!index) {
      index = new Map();
      for (const [k, net] of this.net) if (net.kind === 'write') addTo(index, valuesKey(net.row, columns), k);
      this.written.set(signature, index);
    }
    const values = valuesKey(match, columns);
    const candidates = index.get(values);
    index.delete(values);
    return [...(candidates ?? [])].filter((k) => {
      const net = this.net.get(k);
      return net?.kind === 'write' && columns.every((c) => same(net.row[c], match[c]));
    });
  }
}

function addTo(index: Map<string, Set<string>>, key: string, k: string): void {
  const keys = index.get(key);
  if (keys) keys.add(k);
  else index.set(key, new Set([k]));
}

/** The rows of a statement's one parameter, typed as the table's rows. */
const RECORDSET = (table: string) => `jsonb_populate_recordset(NULL::${table}, $1::jsonb) AS r`;

/** Rows grouped by `keyOf`, in first-seen order. */
function groupBy(rows: readonly Row[], keyOf: (row: Row) => string): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}

/**
 * Rows grouped by their columns, in first-seen order: one statement per group, its columns sorted.
 * Grouped by the columns in the order the row has them (a projection writes its rows alike; sorting
 * each row's keys cost more than the rest of the fold): the same set in two orders makes two groups.
 */
function groupByColumns(rows: readonly Row[]): [string[], Row[]][] {
  return groupBy(rows, (row) => Object.keys(row).join(',')).map((group) => [Object.keys(group[0]!).sort(), group]);
}

/** The rows as the jsonb parameter. */
const json = (rows: readonly Row[]): string => JSON.stringify(rows);
