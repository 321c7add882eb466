import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvSafeCell, ESCAPED_CELL } from '../src/transfer/csv-cell.ts';

/** What a spreadsheet opens: a team export's CSV cells never start a formula, and numbers stay numbers. */
describe('CSV cells against formula injection', () => {
  const written = (cells: string[]) => stringify([cells.map(csvSafeCell)], { quoted_match: ESCAPED_CELL });

  it.each([
    ['=HYPERLINK("http://evil.example","Setup")', `"'=HYPERLINK(""http://evil.example"",""Setup"")"`],
    ['+cmd|\' /C calc\'!A0', `"'+cmd|' /C calc'!A0"`],
    ['-2+3+cmd|\' /C calc\'!A0', `"'-2+3+cmd|' /C calc'!A0"`],
    ['@SUM(1+1)', `"'@SUM(1+1)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
  ])('escapes %j with a leading quote, quoted', (text, line) => {
    expect(written([text])).toBe(`${line}\n`);
  });

  it('keeps numbers, negative ones included, and ordinary text as they are', () => {
    expect(written(['-3.5', '+2', '-1e-3', '12.40', 'Front camber -3.4°', 'Mazda MX-5'])).toBe('-3.5,+2,-1e-3,12.40,Front camber -3.4°,Mazda MX-5\n');
  });

  it("escapes text that starts like a number but is not one (a camber written '-3.4°')", () => {
    expect(written(['-3.4°'])).toBe(`"'-3.4°"\n`);
  });
});
