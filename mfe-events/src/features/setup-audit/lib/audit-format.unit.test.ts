import { formatChange, formatRelative, slug } from './audit-format';

describe('formatChange', () => {
  it("reads 'field: before → after' for a changed value", () => {
    expect(formatChange('suspension', { field: 'Front camber', before: '-2.5°', after: '-2.8°' })).toBe('Front camber: -2.5° → -2.8°');
  });

  it('reads rows of gear ratios and tire pressures as added or removed', () => {
    expect(formatChange('gear-ratios', { field: '3rd', before: null, after: '2.035' })).toBe('3rd: added 2.035');
    expect(formatChange('gear-ratios', { field: '6th', before: '0.844', after: null })).toBe('6th: removed (0.844)');
  });

  it('reads other fields as set or cleared', () => {
    expect(formatChange('suspension', { field: 'Front camber', before: null, after: '-2.5°' })).toBe('Front camber: set to -2.5°');
    expect(formatChange('suspension', { field: 'Notes', before: 'Soft', after: null })).toBe('Notes: cleared (was Soft)');
  });
});

describe('formatRelative', () => {
  it('says how long ago, and never a time in the future', () => {
    const now = new Date('2026-03-21T12:00:00Z');
    expect(formatRelative('2026-03-21T11:57:00Z', now)).toBe('3 minutes ago');
    expect(formatRelative('2026-03-21T12:00:05Z', now)).toBe('just now');
  });
});

describe('slug', () => {
  it('makes a file-name-safe name', () => {
    expect(slug('MX-5 #27')).toBe('mx-5-27');
    expect(slug('Spring Sprint Round 1')).toBe('spring-sprint-round-1');
  });
});
