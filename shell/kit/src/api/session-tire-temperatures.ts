import type { PutSessionTireTemperaturesBody, SessionTireTemperatures, TireTemperatureTargetsValue } from '@pitwall/contracts';
import { DEFAULT_TIRE_TEMPERATURE_TARGETS, readTireTemperatures } from '@pitwall/contracts/values';

/** The reading after the run (stint null) sorts after every stint's. */
const order = (r: Pick<SessionTireTemperatures, 'stint'>) => r.stint ?? Number.MAX_SAFE_INTEGER;

/**
 * A session's tire temperature readings with `body` put (°C), as the server will answer them: one
 * reading per stint (the same stint's earlier one replaced), in stint order with the reading after
 * the run last, each tire read against `targets` (°C; the defaults when unknown). What a save shows
 * at once, and while it waits in the write queue.
 */
export function withTireTemperatureReading(readings: readonly SessionTireTemperatures[], body: PutSessionTireTemperaturesBody, targets: TireTemperatureTargetsValue = DEFAULT_TIRE_TEMPERATURE_TARGETS): SessionTireTemperatures[] {
  const read = (t: PutSessionTireTemperaturesBody['corners']['fl']) => ({ ...t, reading: readTireTemperatures(t, targets) });
  const { fl, fr, rl, rr } = body.corners;
  const reading: SessionTireTemperatures = { stint: body.stint ?? null, measuredAt: body.measuredAt ?? null, corners: { fl: read(fl), fr: read(fr), rl: read(rl), rr: read(rr) } };
  return [...readings.filter((r) => r.stint !== reading.stint), reading].sort((a, b) => order(a) - order(b));
}
