import type { SessionTireTemperatures } from '@pitwall/contracts';
import { withTireTemperatureReading } from './session-tire-temperatures';

const tire = (innerC: number, middleC: number, outerC: number) => ({ innerC, middleC, outerC });
const corners = { fl: tire(92, 86, 80), fr: tire(85, 90, 82), rl: tire(88, 84, 81), rr: tire(84, 80, 82) };

describe('a tire temperature reading shown before the server answers (and while it waits in the write queue)', () => {
  it('reads each tire against the targets given, else the defaults (5–10 °C, ±2 °C)', () => {
    const [byDefaults] = withTireTemperatureReading([], { corners });
    expect(byDefaults).toMatchObject({ stint: null, measuredAt: null });
    expect(byDefaults!.corners.fr).toEqual({ ...corners.fr, reading: { spreadC: 3, middleVsEdgesC: 6.5, camber: 'more negative', pressure: 'lower' } });
    const [byOwn] = withTireTemperatureReading([], { corners }, { spreadMinC: 2, spreadMaxC: 14, middleToleranceC: 7 });
    expect(byOwn!.corners.fr.reading).toMatchObject({ camber: 'ok', pressure: 'ok' });
  });

  it('keeps one reading per stint in stint order, the one after the run last, the same stint replaced', () => {
    let readings: SessionTireTemperatures[] = [];
    readings = withTireTemperatureReading(readings, { corners });
    readings = withTireTemperatureReading(readings, { corners, stint: 2 });
    readings = withTireTemperatureReading(readings, { corners, stint: 1 });
    readings = withTireTemperatureReading(readings, { corners: { ...corners, fl: tire(95, 88, 84) }, stint: 1, measuredAt: '2026-03-21T10:00:00.000Z' });
    expect(readings.map((r) => r.stint)).toEqual([1, 2, null]);
    expect(readings[0]).toMatchObject({ measuredAt: '2026-03-21T10:00:00.000Z', corners: { fl: { innerC: 95, reading: { spreadC: 11 } } } });
  });
});
