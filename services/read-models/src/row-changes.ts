import type { Statement } from './projection.ts';

/** A read-model row as a projection writes it: column name → value (JSON-serialisable; bigints as strings). */
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
 * statements, not rows (issue 15).
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
  private readonly phases: Phase[] = [newPhase()];

  constructor(private readonly shape: TableShape) {}

  /** Writes the whole row (a new row, or a replacement of the row with the same key). */
  write(row: Row): void {
    this.current.net.set(this.keyOf(row[this.shape.key]), { kind: 'write', row: { ...row } });
  }

  /** Changes some columns of the row with this key; nothing if the row does not exist. */
  patch(key: unknown, set: Row): void {
    const k = this.keyOf(key);
    const current = this.current.net.get(k);
    if (current?.kind === 'delete') return;
    if (current?.kind === 'write') current.row = { ...current.row, ...set };
    else this.current.net.set(k, { kind: 'patch', set: { ...(current?.set ?? {}), ...set } });
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
    if ([...this.current.net.values()].some((n) => n.kind === 'patch' && columns.some((c) => c in n.set))) this.phases.push(newPhase());
    for (const [k, net] of this.current.net) {
      if (net.kind === 'write' && columns.every((c) => same(net.row[c], match[c]))) this.current.net.set(k, { kind: 'delete' });
    }
    this.current.removals.set(JSON.stringify(match, bigintAsDigits), { ...match });
  }

  /** The statements that apply the folded batch: per phase, in the order described on the class. */
  statements(): Statement[] {
    return this.phases.flatMap((phase) => this.phaseStatements(phase));
  }

  private get current(): Phase {
    return this.phases[this.phases.length - 1]!;
  }

  private phaseStatements({ net, removals }: Phase): Statement[] {
    const { table, key } = this.shape;
    const out: Statement[] = [];
    // Grouped by which columns are null too: `t.c = r.c` can use an index, IS NOT DISTINCT FROM cannot.
    const isNull = (row: Row, c: string) => (row[c] ?? null) === null;
    for (const rows of groupBy([...removals.values()], (row) => Object.keys(row).sort().map((c) => (isNull(row, c) ? `${c} null` : c)).join(','))) {
      const columns = Object.keys(rows[0]!).sort();
      const match = columns.map((c) => (isNull(rows[0]!, c) ? `t.${c} IS NULL` : `t.${c} = r.${c}`));
      out.push({ text: `DELETE FROM ${table} AS t USING ${RECORDSET(table)} WHERE ${match.join(' AND ')}`, params: [json(rows)] });
    }
    const entries = [...net.entries()];
    const deleted = entries.filter(([, n]) => n.kind === 'delete').map(([k]) => ({ [key]: JSON.parse(k) as unknown }));
    if (deleted.length > 0) out.push({ text: `DELETE FROM ${table} AS t USING ${RECORDSET(table)} WHERE t.${key} = r.${key}`, params: [json(deleted)] });
    for (const [columns, rows] of groupByColumns(entries.flatMap(([, n]) => (n.kind === 'write' ? [n.row] : [])))) {
      const others = columns.filter((c) => c !== key);
      out.push({
        text: `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${columns.map((c) => `r.${c}`).join(', ')} FROM ${RECORDSET(table)}
               ON CONFLICT (${key}) DO ${others.length === 0 ? 'NOTHING' : `UPDATE SET ${others.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`}`,
        params: [json(rows)],
      });
    }
    const patches = entries.flatMap(([k, n]) => (n.kind === 'patch' ? [{ ...n.set, [key]: JSON.parse(k) as unknown }] : []));
    for (const [columns, rows] of groupByColumns(patches)) {
      const set = columns.filter((c) => c !== key);
      out.push({ text: `UPDATE ${table} AS t SET ${set.map((c) => `${c} = r.${c}`).join(', ')} FROM ${RECORDSET(table)} WHERE t.${key} = r.${key}`, params: [json(rows)] });
    }
    return out;
  }

  private keyOf(value: unknown): string {
    if (value === null || value === undefined) throw new TypeError(`${this.shape.table}: a row needs its key ${this.shape.key}`);
    return JSON.stringify(value, bigintAsDigits);
  }
}

/** The changes of one phase: the net change per key (JSON of the key) and the deletions by other columns (by the JSON of their match). */
interface Phase {
  net: Map<string, Net>;
  removals: Map<string, Row>;
}
const newPhase = (): Phase => ({ net: new Map(), removals: new Map() });

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

/** Rows grouped by their (sorted) column set, in first-seen order: one statement per group. */
function groupByColumns(rows: readonly Row[]): [string[], Row[]][] {
  return groupBy(rows, (row) => Object.keys(row).sort().join(',')).map((group) => [Object.keys(group[0]!).sort(), group]);
}

/** JSON.stringify's replacer for bigints: their digits as a string (jsonb_populate_recordset casts them to the column's type). */
const bigintAsDigits = (_: string, v: unknown): unknown => (typeof v === 'bigint' ? v.toString() : v);

/** The rows as the jsonb parameter. */
const json = (rows: readonly Row[]): string => JSON.stringify(rows, bigintAsDigits);
