import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase, type Database } from '@pitwall/eventstore';
import { RowChanges, type Row } from '../src/row-changes.ts';

/**
 * RowChanges folds a batch in memory into a few set-based statements: the table after them must
 * equal the table after applying every change one by one, for any sequence of changes on any
 * starting rows (property-style, on PGlite).
 */
type Change =
  | { op: 'write'; row: { id: number; grp: number | null; a: string; b: number | null } }
  | { op: 'patch'; id: number; set: Row }
  | { op: 'remove'; id: number }
  | { op: 'removeWhere'; match: Row };

const ids = fc.integer({ min: 1, max: 6 });
const grp = fc.option(fc.integer({ min: 1, max: 2 }), { nil: null });
const text = fc.constantFrom('x', "O'Brien", 'a\\b', '€');
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ op: fc.constant('write' as const), row: fc.record({ id: ids, grp, a: text, b: fc.option(fc.integer({ min: -5, max: 5 }), { nil: null }) }) }),
  fc.record({ op: fc.constant('patch' as const), id: ids, set: fc.oneof(fc.record({ a: text }), fc.record({ b: fc.integer() }), fc.record({ a: text, grp })) }),
  fc.record({ op: fc.constant('remove' as const), id: ids }),
  fc.record({ op: fc.constant('removeWhere' as const), match: fc.oneof(fc.record({ grp }), fc.record({ grp, b: fc.option(fc.integer({ min: -1, max: 1 }), { nil: null }) })) }),
);

function apply(changes: RowChanges, c: Change): void {
  if (c.op === 'write') changes.write(c.row);
  else if (c.op === 'patch') changes.patch(c.id, c.set);
  else if (c.op === 'remove') changes.remove(c.id);
  else changes.removeWhere(c.match);
}

describe('RowChanges', () => {
  let db: Database;
  const shape = { table: 't', key: 'id' };

  beforeAll(async () => {
    db = await openPgliteDatabase(undefined);
    await db.exec(`CREATE TABLE t (id integer PRIMARY KEY, grp integer, a text NOT NULL DEFAULT 'dflt', b integer)`);
  });
  afterAll(() => db.close());

  async function run(statements: { text: string; params: unknown[] }[]) {
    for (const s of statements) await db.query(s.text, s.params);
  }
  const table = async () => (await db.query(`SELECT id, grp, a, b FROM t ORDER BY id`)).rows;

  async function reset(initial: Change[]) {
    await db.exec('TRUNCATE t');
    for (const c of initial.filter((c) => c.op === 'write')) {
      const one = new RowChanges(shape);
      apply(one, c);
      await run(one.statements());
    }
  }

  it('gives the same table as applying the changes one by one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { maxLength: 6 }), fc.array(change, { minLength: 1, maxLength: 25 }), async (initial, batch) => {
        await reset(initial);
        for (const c of batch) {
          const one = new RowChanges(shape);
          apply(one, c);
          await run(one.statements());
        }
        const oneByOne = await table();

        await reset(initial);
        const folded = new RowChanges(shape);
        for (const c of batch) apply(folded, c);
        await run(folded.statements());
        expect(await table()).toEqual(oneByOne);
      }),
      { numRuns: 150 },
    );
  });

  it('sends each kind of change as one parameterised statement, the values never in the SQL text', () => {
    const changes = new RowChanges(shape);
    for (let id = 1; id <= 100; id++) changes.write({ id, grp: 1, a: `'; DROP TABLE t; --${id}`, b: id });
    changes.patch(500, { b: 1 });
    changes.remove(600);
    changes.removeWhere({ grp: 2 });
    const statements = changes.statements();
    expect(statements.map((s) => s.text.trim().split(/\s+/)[0])).toEqual(['DELETE', 'DELETE', 'INSERT', 'UPDATE']);
    for (const s of statements) {
      expect(s.params).toHaveLength(1);
      expect(s.text).not.toContain('DROP');
    }
  });
});
