/**
 * The run sheets' constants and lap-time rules, free of zod so the screens that show a session load
 * them without the schema library; ../sessions.ts builds its schemas from them and re-exports them.
 */

/**
 * Lap times a session may hold: 10 s to 24 h, in ms. A lap over TIMED_LAP_MAX_MS is a car repaired
 * in the garage or stopped under a red flag: kept (it counts in stints and driver time) but never timed.
 */
export const LAP_TIME_MIN_MS = 10_000;
export const LAP_TIME_MAX_MS = 24 * 3_600_000;
/** The longest lap that may be of kind 'timed' (count towards the best lap), ms: 30 min. */
export const TIMED_LAP_MAX_MS = 30 * 60_000;
/** Laps a session may hold: a 24-hour kart race on a 1 km track runs about 2,500; twice that for headroom. */
export const MAX_LAPS = 5000;

/** Kinds of lap; only 'timed' laps count towards the best lap and the average. */
export const LAP_KINDS = [
  { value: 'out', label: 'Out lap' },
  { value: 'timed', label: 'Timed' },
  { value: 'in', label: 'In lap' },
  { value: 'invalid', label: 'Invalid' },
] as const;

/** The outcome of reading a lap time: its length in ms, or why it cannot be read (a sentence for the user). */
export type LapTimeReading = { ok: true; ms: number } | { ok: false; message: string };

/**
 * Reads a lap time as timing screens and people write it: `1:42.318` (minutes:seconds), `1.42.318`
 * (minutes.seconds, as some timing exports print it), `102.318` (seconds) or `17:31:33.000`
 * (hours:minutes:seconds, a garage lap). Seconds may carry 0–3 decimals (`1:42`, `1:42.3`) and a
 * decimal comma (`2:40,9`, `1:09,87`, as European timing sheets write them); surrounding spaces are
 * ignored. Answers the time in whole ms, or a message when the text is not a lap time, has 60 or
 * more seconds (or minutes) after the minutes (or hours), or lies outside 10 s – 24 h.
 */
export function parseLapTime(text: string): LapTimeReading {
  const value = text.trim();
  // '1.42.318' is minutes.seconds.thousandths; '42.5' or '102.318' alone are seconds; ',' is a decimal mark.
  const normalized = (/^\d{1,2}\.\d{2}\.\d{1,3}$/.test(value) ? value.replace('.', ':') : value).replace(/,(\d{1,3})$/, '.$1');
  const match = /^(?:(?:(\d{1,2}):)?(\d{1,4}):(\d{2})|(\d{1,5}))(?:\.(\d{1,3}))?$/.exec(normalized);
  if (!value || !match) return { ok: false, message: `'${value}' is not a lap time (write it as 1:42.318, 1.42.318 or 102.318)` };
  const [, hoursText, minutesText, minuteSecondsText, secondsText, fractionText = ''] = match;
  const minutes = minutesText === undefined ? 0 : Number(minutesText);
  const seconds = Number(minuteSecondsText ?? secondsText);
  if (minutesText !== undefined && seconds >= 60) return { ok: false, message: `'${value}' is not a lap time: the seconds after the minutes must be 00–59` };
  if (hoursText !== undefined && minutes >= 60) return { ok: false, message: `'${value}' is not a lap time: the minutes after the hours must be 00–59` };
  const ms = (Number(hoursText ?? 0) * 3600 + minutes * 60 + seconds) * 1000 + Number(fractionText.padEnd(3, '0'));
  if (ms < LAP_TIME_MIN_MS || ms > LAP_TIME_MAX_MS) return { ok: false, message: `'${value}' is outside 10 s – 24 h` };
  return { ok: true, ms };
}

/** A lap time in ms as `m:ss.fff`, e.g. 102318 → '1:42.318'; an hour or more as `h:mm:ss.fff` (63093000 → '17:31:33.000'). */
export function formatLapTime(ms: number): string {
  if (ms >= 3_600_000) return `${Math.floor(ms / 3_600_000)}:${formatLapTime(ms % 3_600_000).padStart(9, '0')}`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${minutes}:${String(seconds).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
}

/** Session types with their labels. */
export const SESSION_TYPES = [
  { value: 'test', label: 'Test' },
  { value: 'practice', label: 'Practice' },
  { value: 'qualifying', label: 'Qualifying' },
  { value: 'race', label: 'Race' },
] as const;

/** The driver's quick feedback tags with their labels (what a driver taps on a phone). */
export const FEEDBACK_TAGS = [
  { value: 'understeer-entry', label: 'Understeer at entry' },
  { value: 'understeer-mid', label: 'Understeer mid-corner' },
  { value: 'understeer-exit', label: 'Understeer at exit' },
  { value: 'oversteer-entry', label: 'Oversteer at entry' },
  { value: 'oversteer-mid', label: 'Oversteer mid-corner' },
  { value: 'oversteer-exit', label: 'Oversteer at exit' },
  { value: 'braking-instability', label: 'Braking instability' },
  { value: 'traction', label: 'Traction' },
  { value: 'bumps-kerbs', label: 'Bumps/kerbs' },
  { value: 'car-felt-good', label: 'Car felt good' },
] as const;

/** The timing exports POST …/laps/preview recognises, by their content. */
export const LAP_EXPORT_FORMATS = [
  { value: 'aim-csv', label: 'AiM Race Studio CSV' },
  { value: 'motec-csv', label: 'MoTeC i2 CSV' },
  { value: 'speedhive-csv', label: "MyLaps Speedhive 'All Laps' CSV" },
  { value: 'alkamel-csv', label: "Al Kamel 'Analysis' CSV" },
  { value: 'racechrono-csv', label: 'RaceChrono CSV v3' },
  { value: 'trackaddict-csv', label: 'TrackAddict CSV (RaceRender data)' },
  { value: 'racebox-csv', label: 'RaceBox CSV' },
  { value: 'harrys-csv', label: "Harry's LapTimer CSV" },
  { value: 'vbox-vbo', label: 'VBOX / RaceBox VBO file' },
  { value: 'lines', label: 'Table of laps' },
] as const;

/** The longest timing export the preview reads: 10 MB of text (10,485,760 characters); larger answers 413. */
export const LAP_EXPORT_MAX_CHARS = 10 * 1024 * 1024;
