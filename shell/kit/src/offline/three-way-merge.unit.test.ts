import { applyChoices, threeWayMerge } from './three-way-merge';

const base = { items: [{ condition: 'Dry (Cold)', frontLeft: '28', frontRight: '28' }], notes: 'baseline' };

describe('threeWayMerge', () => {
  it('takes each side’s change of a field only that side changed, with no conflict', () => {
    const mine = { items: [{ condition: 'Dry (Cold)', frontLeft: '29', frontRight: '28' }], notes: 'baseline' };
    const theirs = { items: [{ condition: 'Dry (Cold)', frontLeft: '28', frontRight: '27' }], notes: 'baseline' };
    expect(threeWayMerge(base, mine, theirs)).toEqual({ merged: { items: [{ condition: 'Dry (Cold)', frontLeft: '29', frontRight: '27' }], notes: 'baseline' }, conflicts: [] });
  });

  it('reports a field both sides changed to different values, keeping mine until the user chooses', () => {
    const mine = { items: [{ condition: 'Dry (Cold)', frontLeft: '30', frontRight: '28' }], notes: 'baseline' };
    const theirs = { items: [{ condition: 'Dry (Cold)', frontLeft: '27', frontRight: '28' }], notes: 'theirs' };
    const { merged, conflicts } = threeWayMerge(base, mine, theirs);
    expect(conflicts).toEqual([{ path: 'items.0.frontLeft', base: '28', mine: '30', theirs: '27' }]);
    expect(merged).toEqual({ items: [{ condition: 'Dry (Cold)', frontLeft: '30', frontRight: '28' }], notes: 'theirs' });
    expect(applyChoices(merged, conflicts, { 'items.0.frontLeft': 'theirs' })).toEqual({ items: [{ condition: 'Dry (Cold)', frontLeft: '27', frontRight: '28' }], notes: 'theirs' });
  });

  it('is no conflict when both sides made the same change', () => {
    const both = { items: [{ condition: 'Dry (Cold)', frontLeft: '29', frontRight: '28' }], notes: 'baseline' };
    expect(threeWayMerge(base, both, both).conflicts).toEqual([]);
  });

  it('merges only the fields the change sends (a list item’s id, audit times stay out)', () => {
    const item = { id: 4, title: 'Torque wheel nuts', isCompleted: false, updatedAt: '2026-11-22T10:00:00Z' };
    const theirs = { ...item, title: 'Torque wheel nuts (108 Nm)', updatedAt: '2026-11-22T10:05:00Z' };
    expect(threeWayMerge(item, { isCompleted: true }, theirs)).toEqual({ merged: { isCompleted: true }, conflicts: [] });
    expect(threeWayMerge(item, { isCompleted: true }, { ...theirs, isCompleted: true }).conflicts).toEqual([]);
  });

  it('leaves out what rows carry that the change does not send (ids a save renews)', () => {
    const stored = { items: [{ id: 5, own: true, condition: 'Dry (Cold)', frontLeft: '28', frontRight: '28' }], notes: null };
    const resaved = { items: [{ id: 9, own: true, condition: 'Dry (Cold)', frontLeft: '28', frontRight: '28' }], notes: null };
    const mine = { items: [{ condition: 'Dry (Cold)', frontLeft: '28', frontRight: '31' }], notes: null };
    expect(threeWayMerge(stored, mine, resaved)).toEqual({ merged: mine, conflicts: [] });
  });

  it('keeps a row one side removed when the other side left it alone, and reports a row removed by one and edited by the other', () => {
    const two = { items: [{ c: 'a', v: '1' }, { c: 'b', v: '2' }] };
    expect(threeWayMerge(two, { items: [{ c: 'a', v: '1' }] }, two).merged).toEqual({ items: [{ c: 'a', v: '1' }] });
    const { conflicts } = threeWayMerge(two, { items: [{ c: 'a', v: '1' }] }, { items: [{ c: 'a', v: '1' }, { c: 'b', v: '3' }] });
    expect(conflicts).toEqual([{ path: 'items.1.v', base: '2', mine: undefined, theirs: '3' }]);
  });
});
