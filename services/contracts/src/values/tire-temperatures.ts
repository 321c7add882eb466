/**
 * Reading tire temperatures: the inner, middle and outer tread temperature of a tire (°C,
 * pyrometer, straight after the run) say what to change. Free of zod: the server answers the
 * reading with the session and the screens draw it.
 *
 * The rules follow the published guide "Understanding Tire Temperatures" (Northstar Motorsports,
 * https://www.northstarmotorsports.com/tech.tips2): a middle hotter than the mean of the edges means
 * too much pressure (lower it), colder means too little (raise it); an inside edge much hotter than
 * the outside means too much negative camber, and the spread across a tire should stay under
 * 20 °F (11 °C), which bounds the default maximum. The rest of the defaults are Pitwall's choice,
 * not the guide's: a spread of at least 5 °C (the inside a little hotter than the outside, as the
 * guide's camber rule implies), and ±2 °C on the middle as about what a probe pyrometer repeats to
 * from one reading to the next. Each car sets its own targets.
 */

/** A car's targets: the inner − outer spread it aims for (°C, min ≤ max) and the middle's tolerance either way (°C). */
export interface TireTemperatureTargetsValue {
  spreadMinC: number;
  spreadMaxC: number;
  middleToleranceC: number;
}

/** The defaults (see the module's note): spread 5–10 °C, middle within ±2 °C of the edges' mean. */
export const DEFAULT_TIRE_TEMPERATURE_TARGETS: TireTemperatureTargetsValue = { spreadMinC: 5, spreadMaxC: 10, middleToleranceC: 2 };

/** One tire's tread temperatures, °C. */
export interface TreadTemperatures {
  innerC: number;
  middleC: number;
  outerC: number;
}

/**
 * What one tire's temperatures say: `spreadC` = inner − outer (°C); `middleVsEdgesC` = middle − mean
 * of inner and outer (°C); `camber`: 'more negative' when the spread is below the target range,
 * 'less negative' above it, 'ok' within; `pressure`: 'lower' when the middle is hotter than the
 * edges' mean by more than the tolerance, 'raise' when colder by more, 'ok' within.
 */
export interface TireTemperatureReading {
  spreadC: number;
  middleVsEdgesC: number;
  camber: 'more negative' | 'less negative' | 'ok';
  pressure: 'lower' | 'raise' | 'ok';
}

/** Rounds away binary noise (0.1 + 0.2) at 0.01 °C, finer than any pyrometer reads. */
const clean = (c: number) => Math.round(c * 100) / 100;

/**
 * Reads one tire (see {@link TireTemperatureReading}). Example with the defaults: 85/90/82 °C →
 * spread 3, middle +6.5 → camber 'more negative', pressure 'lower'.
 */
export function readTireTemperatures(t: TreadTemperatures, targets: TireTemperatureTargetsValue = DEFAULT_TIRE_TEMPERATURE_TARGETS): TireTemperatureReading {
  const spreadC = clean(t.innerC - t.outerC);
  const middleVsEdgesC = clean(t.middleC - (t.innerC + t.outerC) / 2);
  return {
    spreadC,
    middleVsEdgesC,
    camber: spreadC < targets.spreadMinC ? 'more negative' : spreadC > targets.spreadMaxC ? 'less negative' : 'ok',
    pressure: middleVsEdgesC > targets.middleToleranceC ? 'lower' : middleVsEdgesC < -targets.middleToleranceC ? 'raise' : 'ok',
  };
}
