import { encodeCsv, encodeCsvField } from './csv';

describe('encodeCsvField', () => {
  it('leaves plain values as they are, including negative setup values', () => {
    expect(encodeCsvField('5.087')).toBe('5.087');
    expect(encodeCsvField('-2.5°')).toBe('-2.5°');
    expect(encodeCsvField(2022)).toBe('2022');
  });

  it('quotes commas, quotes (doubled), line breaks and edge spaces', () => {
    expect(encodeCsvField('FL 28 psi, FR 28 psi')).toBe('"FL 28 psi, FR 28 psi"');
    expect(encodeCsvField('Toe 1.2mm "out"')).toBe('"Toe 1.2mm ""out"""');
    expect(encodeCsvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(encodeCsvField('a\r\nb')).toBe('"a\r\nb"');
    expect(encodeCsvField(' padded ')).toBe('" padded "');
  });

  it('writes null and undefined as empty fields', () => {
    expect(encodeCsvField(null)).toBe('');
    expect(encodeCsvField(undefined)).toBe('');
  });
});

describe('encodeCsv', () => {
  it('writes the header row and one CRLF-terminated line per row', () => {
    const csv = encodeCsv(['section', 'field', 'value'], [
      ['Suspension & Alignment', 'Front Camber', '-2.8°'],
      ['Tire Pressures', 'Dry (Cold)', 'FL 28 psi, FR 28 psi'],
      ['Notes', 'Final drive notes', null],
    ]);
    expect(csv).toBe(
      'section,field,value\r\n' +
        'Suspension & Alignment,Front Camber,-2.8°\r\n' +
        'Tire Pressures,Dry (Cold),"FL 28 psi, FR 28 psi"\r\n' +
        'Notes,Final drive notes,\r\n',
    );
  });

  it('writes only the header for no rows', () => {
    expect(encodeCsv(['section', 'field', 'value'], [])).toBe('section,field,value\r\n');
  });
});
