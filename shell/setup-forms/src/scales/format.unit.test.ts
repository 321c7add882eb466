import { describe, expect, it } from 'vitest';
import { formatMass, formatSignedMass, targetDifference } from './format';

describe('scales formatting', () => {
  it('says a cross weight above its target as over target, to 0.1 %', () => {
    expect(targetDifference(50.714, 50)).toBe('0.7 % over target');
  });

  it('says a figure below its target as under target', () => {
    expect(targetDifference(48.8, 50)).toBe('1.2 % under target');
  });

  it('says a figure within 0.05 % of its target is on target', () => {
    expect(targetDifference(50.04, 50)).toBe('on target');
  });

  it('shows kg in pounds for a team that weighs in lb', () => {
    expect(formatMass(1400, 'lb')).toBe('3,086.5 lb');
  });

  it('signs the wedge', () => {
    expect([formatSignedMass(20, 'kg'), formatSignedMass(-20, 'kg')]).toEqual(['+20 kg', '−20 kg']);
  });
});
