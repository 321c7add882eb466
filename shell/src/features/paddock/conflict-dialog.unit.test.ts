import { fieldLabel } from './conflict-dialog';

describe('fieldLabel (the conflict dialog names each field)', () => {
  it("names a tire pressure row's field by the row's condition", () => {
    const body = { items: [{ condition: 'Dry (Cold)', frontLeft: '27 psi' }, { condition: 'Wet (Cold)', frontLeft: '25 psi' }], notes: null };
    expect(fieldLabel('items.1.frontLeft', body)).toBe('Wet (Cold) front left');
  });

  it("names a gear row's field by the gear's name", () => {
    expect(fieldLabel('2.ratio', [{ name: '1st' }, { name: '2nd' }, { name: '3rd', ratio: '2.035' }])).toBe('3rd ratio');
  });

  it('falls back to the row number when the row names nothing', () => {
    expect(fieldLabel('items.0.frontLeft')).toBe('front left (row 1)');
  });

  it('names a plain field in words', () => {
    expect(fieldLabel('frontCamber')).toBe('front camber');
  });
});
