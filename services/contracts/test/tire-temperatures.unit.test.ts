import { describe, expect, it } from 'vitest';
import { DEFAULT_TIRE_TEMPERATURE_TARGETS, readTireTemperatures } from '../src/values/tire-temperatures.ts';

describe('reading tire temperatures', () => {
  it('the worked example with the defaults 5–10 °C and ±2 °C', () => {
    expect(DEFAULT_TIRE_TEMPERATURE_TARGETS).toEqual({ spreadMinC: 5, spreadMaxC: 10, middleToleranceC: 2 });
    expect(readTireTemperatures({ innerC: 92, middleC: 86, outerC: 80 })).toEqual({ spreadC: 12, middleVsEdgesC: 0, camber: 'less negative', pressure: 'ok' });
    expect(readTireTemperatures({ innerC: 85, middleC: 90, outerC: 82 })).toEqual({ spreadC: 3, middleVsEdgesC: 6.5, camber: 'more negative', pressure: 'lower' });
    expect(readTireTemperatures({ innerC: 84, middleC: 80, outerC: 82 })).toEqual({ spreadC: 2, middleVsEdgesC: -3, camber: 'more negative', pressure: 'raise' });
  });

  it('the range and the tolerance are inclusive: 5 and 10 °C of spread and ±2 °C of middle read ok', () => {
    expect(readTireTemperatures({ innerC: 90, middleC: 89.5, outerC: 85 })).toMatchObject({ spreadC: 5, middleVsEdgesC: 2, camber: 'ok', pressure: 'ok' });
    expect(readTireTemperatures({ innerC: 95, middleC: 88.5, outerC: 85 })).toMatchObject({ spreadC: 10, middleVsEdgesC: -1.5, camber: 'ok', pressure: 'ok' });
  });

  it("a car's own targets decide", () => {
    expect(readTireTemperatures({ innerC: 92, middleC: 86, outerC: 80 }, { spreadMinC: 8, spreadMaxC: 14, middleToleranceC: 1 })).toMatchObject({ camber: 'ok', pressure: 'ok' });
  });
});
