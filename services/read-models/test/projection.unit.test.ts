import { describe, expect, it } from 'vitest';
import { inlineStatement, stmt } from '../src/projection.ts';

describe('inlineStatement', () => {
  it('inlines each parameter as an escaped literal, $10 not confused with $1', () => {
    const params = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(inlineStatement(stmt('SELECT $1, $10, $2', ...params))).toBe('SELECT 1, 10, 2');
  });

  it('escapes quotes and backslashes so text can never end the literal', () => {
    expect(inlineStatement(stmt('INSERT INTO t VALUES ($1)', "O'Brien"))).toBe("INSERT INTO t VALUES ('O''Brien')");
    // The backslash is doubled and the quote doubled: all of it stays one string literal.
    expect(inlineStatement(stmt('INSERT INTO t VALUES ($1)', "x\\'); DROP TABLE cars; --"))).toBe("INSERT INTO t VALUES ( E'x\\\\''); DROP TABLE cars; --')");
  });

  it('writes NULL, booleans, numbers and bigints, and refuses objects', () => {
    expect(inlineStatement(stmt('SELECT $1, $2, $3, $4', null, true, 2.866, 12n))).toBe('SELECT NULL, true, 2.866, 12');
    expect(() => inlineStatement(stmt('SELECT $1', { a: 1 }))).toThrow(TypeError);
    expect(() => inlineStatement(stmt('SELECT $2', 1))).toThrow(RangeError);
  });
});
