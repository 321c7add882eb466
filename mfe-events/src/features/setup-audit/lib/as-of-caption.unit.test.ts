import { asOfCaption, raceEventOptionLabel } from './as-of-caption';
import { formatAt } from './audit-format';

describe('asOfCaption', () => {
  const at = '2026-03-20T16:30:00.000Z';

  it("says a race event's setup is at its last change, with that change's time", () => {
    expect(asOfCaption({ kind: 'race-event', name: 'Laguna Seca' }, at)).toBe(`As it was at the last change for Laguna Seca (${formatAt(at)})`);
    expect(asOfCaption({ kind: 'race-event', name: 'Laguna Seca' }, null)).toBe('As it was at the last change for Laguna Seca');
  });

  it('says a date means the end of that day, and when the last change before it was', () => {
    expect(asOfCaption({ kind: 'date', day: '2026-03-21' }, at)).toBe(`As it was at the end of Mar 21, 2026 (last change ${formatAt(at)})`);
  });

  it("names the picker's race event options by their moment, not their date", () => {
    expect(raceEventOptionLabel('Laguna Seca')).toBe('the last change for Laguna Seca');
  });
});
