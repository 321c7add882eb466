import { openPgliteDatabase, type Database } from '../src/index.ts';

/**
 * PGlite runs parameterised statements prepared (parsed once per text): the answers are those of a
 * plain query however many distinct texts a process uses, inside and outside transactions, and a
 * failing statement leaves the database usable with PostgreSQL's error code.
 */
describe('PGlite statements', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPgliteDatabase(undefined);
    await db.exec('CREATE TABLE items (id int PRIMARY KEY, body jsonb NOT NULL, tags text[] NOT NULL)');
  });
  afterAll(() => db.close());

  it('answers each of 300 distinct statement texts, more than are kept prepared, with its own result', async () => {
    const sums: number[] = [];
    for (let k = 0; k < 300; k++) sums.push((await db.query<{ n: number }>(`SELECT $1::int + ${k} AS n`, [1000])).rows[0]!.n);
    expect(sums).toEqual(Array.from({ length: 300 }, (_, k) => 1000 + k));
  });

  it('serialises JSON, arrays and nulls by the parameter types and reads them back, run again with other values', async () => {
    const insert = 'INSERT INTO items (id, body, tags) VALUES ($1, $2, $3) RETURNING id';
    await db.query(insert, [1, { a: 1 }, ['x', 'y']]);
    await db.query(insert, [2, '{"b":null}', []]);
    const { rows } = await db.query<{ id: number; body: unknown; tags: string[] }>('SELECT id, body, tags FROM items WHERE id = ANY($1::int[]) ORDER BY id', [[1, 2]]);
    expect(rows).toEqual([{ id: 1, body: { a: 1 }, tags: ['x', 'y'] }, { id: 2, body: { b: null }, tags: [] }]);
  });

  it('rejects a duplicate key with code 23505 and runs the next statement, in and outside a transaction', async () => {
    const insert = 'INSERT INTO items (id, body, tags) VALUES ($1, $2, $3)';
    await db.query(insert, [10, {}, []]);
    await expect(db.query(insert, [10, {}, []])).rejects.toMatchObject({ code: '23505' });
    await expect(db.transaction((tx) => tx.query(insert, [10, {}, []]))).rejects.toMatchObject({ code: '23505' });
    const counted = await db.transaction(async (tx) => {
      await tx.query(insert, [11, {}, []]);
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM items WHERE id >= $1', [10])).rows[0]!.n;
    });
    expect(counted).toBe(2);
  });
});
