/**
 * Road speed per gear from gear ratios, the final drive, a tire size and an engine speed.
 *
 * Sources:
 * - Tire size: the ISO metric designation of ISO 4000-1 (passenger car tires), e.g. `205/45R17` =
 *   section width 205 mm, aspect ratio 45 % (sidewall height = 45 % of the width), rim diameter
 *   17 in. Unloaded overall diameter (mm) = rim_in × 25.4 + 2 × width_mm × aspect / 100;
 *   rolling circumference (m) = π × diameter_mm / 1000.
 * - Gearing: the standard drivetrain relation wheel_rpm = engine_rpm / (gear ratio × final drive),
 *   so speed (kph) = engine_rpm × circumference_m × 60 / (gear ratio × final drive × 1000)
 *   (60 min per hour, 1000 m per km).
 *
 * The unloaded diameter ignores tire squish and growth at speed (both under ~3 %), which is the
 * usual convention for published "speed at max rpm" tables.
 */

/** An ISO metric tire size: section width (mm), aspect ratio (% of the width), rim diameter (in). */
export interface TireSize {
  widthMm: number;
  aspectPercent: number;
  rimInches: number;
}

const TIRE_SIZE = /(?:^|[^\d])P?(\d{3})\s*\/\s*(\d{2,3})\s*Z?R?F?\s*-?\s*(\d{2}(?:\.\d)?)(?![\d])/i;

/**
 * Parses an ISO metric tire size such as '205/45R17', '205/45 ZR17', 'P225/40R18' or '205/45-17'
 * found anywhere in the text. Answers null when there is none.
 */
export function parseTireSize(text: string): TireSize | null {
  const match = TIRE_SIZE.exec(text.trim());
  if (!match) return null;
  const widthMm = Number(match[1]);
  const aspectPercent = Number(match[2]);
  const rimInches = Number(match[3]);
  if (!(widthMm > 0 && aspectPercent > 0 && rimInches > 0)) return null;
  return { widthMm, aspectPercent, rimInches };
}

/** Unloaded overall diameter in mm: rim_in × 25.4 + 2 × width_mm × aspect / 100 (ISO 4000-1 designation). */
export function tireDiameterMm(size: TireSize): number {
  return size.rimInches * 25.4 + (2 * size.widthMm * size.aspectPercent) / 100;
}

/** Rolling circumference in metres: π × diameter. */
export function tireCircumferenceM(size: TireSize): number {
  return (Math.PI * tireDiameterMm(size)) / 1000;
}

/**
 * Road speed in kph at `rpm` engine speed:
 * rpm × circumference_m × 60 / (gearRatio × finalDrive × 1000).
 */
export function speedKph({ rpm, circumferenceM, gearRatio, finalDrive }: { rpm: number; circumferenceM: number; gearRatio: number; finalDrive: number }): number {
  return (rpm * circumferenceM * 60) / (gearRatio * finalDrive * 1000);
}

/**
 * A ratio written as text ('5.087', '3.9', '4.10:1') as a positive number, or null when it is
 * not one (blank, letters, zero, negative).
 */
export function parseRatio(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim().replace(/\s*:\s*1$/, '');
  if (!/^\+?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

/** An engine speed such as '7500', '7,500 rpm' or '7500rpm' as a positive number, or null. */
export function parseRpm(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim().replace(/\s*rpm$/i, '').replace(/[,\s](?=\d{3}\b)/g, '');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

/** True for the row that holds the final drive: its name is 'Final Drive' (any case, spaces trimmed). */
function isFinalDriveName(name: string | null | undefined): boolean {
  return (name ?? '').trim().toLowerCase().replace(/\s+/g, ' ') === 'final drive';
}

/** The part of a gear ratio row the calculator reads. */
export interface GearRowLike {
  name: string;
  ratio: string;
  notes?: string | null;
}

/** Max rpm and tire size written in gear notes, e.g. '7500 rpm, 205/45R17' (first found of each). */
export function parseGearNotes(rows: readonly GearRowLike[]): { maxRpm: number | null; tireSize: TireSize | null; tireText: string | null } {
  let maxRpm: number | null = null;
  let tireSize: TireSize | null = null;
  let tireText: string | null = null;
  for (const row of rows) {
    const notes = row.notes ?? '';
    if (maxRpm === null) {
      const rpm = /(\d{1,2}[,\s]?\d{3})\s*rpm/i.exec(notes);
      if (rpm) maxRpm = parseRpm(rpm[1]);
    }
    if (tireSize === null) {
      tireSize = parseTireSize(notes);
      if (tireSize) tireText = `${tireSize.widthMm}/${tireSize.aspectPercent}R${tireSize.rimInches}`;
    }
  }
  return { maxRpm, tireSize, tireText };
}

/** Inputs of {@link computeGearSpeeds}. `finalDrive` (text) wins over the 'Final Drive' row when filled. */
export interface GearSpeedInput {
  tireSize: string;
  maxRpm: string;
  finalDrive?: string;
}

/** One computed row: its index in the input rows and the speed in kph, formatted with one decimal. */
interface ComputedSpeed {
  index: number;
  speedKph: number;
  text: string;
}

/** Answer of {@link computeGearSpeeds}: either an input error, or speeds plus per-row problems. */
export type GearSpeedResult =
  | { ok: false; error: string }
  | { ok: true; speeds: ComputedSpeed[]; problems: string[]; finalDrive: number; circumferenceM: number };

/**
 * The speed at `maxRpm` of every gear row. The final drive row itself is skipped. Rows whose ratio
 * cannot be parsed are left out and named in `problems`
 * ('Could not compute 3rd: ratio "abc" is not a number').
 * Answers `{ ok: false }` when the tire size, max rpm or final drive cannot be read.
 */
export function computeGearSpeeds(rows: readonly GearRowLike[], input: GearSpeedInput): GearSpeedResult {
  const tire = parseTireSize(input.tireSize);
  if (!tire) return { ok: false, error: `Tire size "${input.tireSize.trim()}" is not an ISO size such as 205/45R17` };
  const rpm = parseRpm(input.maxRpm);
  if (rpm === null) return { ok: false, error: `Max rpm "${input.maxRpm.trim()}" is not a number` };

  let finalDrive: number | null;
  if (input.finalDrive?.trim()) {
    finalDrive = parseRatio(input.finalDrive);
    if (finalDrive === null) return { ok: false, error: `Final drive "${input.finalDrive.trim()}" is not a number` };
  } else {
    const row = rows.find((r) => isFinalDriveName(r.name));
    if (!row) return { ok: false, error: 'Enter a final drive ratio or add a row named "Final Drive"' };
    finalDrive = parseRatio(row.ratio);
    if (finalDrive === null) return { ok: false, error: `Final drive ratio "${row.ratio.trim()}" is not a number` };
  }

  const circumferenceM = tireCircumferenceM(tire);
  const speeds: ComputedSpeed[] = [];
  const problems: string[] = [];
  rows.forEach((row, index) => {
    if (isFinalDriveName(row.name)) return;
    const label = row.name.trim() || `row ${index + 1}`;
    const ratio = parseRatio(row.ratio);
    if (ratio === null) {
      problems.push(row.ratio.trim() ? `Could not compute ${label}: ratio "${row.ratio.trim()}" is not a number` : `Could not compute ${label}: no ratio`);
      return;
    }
    const kph = speedKph({ rpm, circumferenceM, gearRatio: ratio, finalDrive });
    speeds.push({ index, speedKph: kph, text: kph.toFixed(1) });
  });
  return { ok: true, speeds, problems, finalDrive, circumferenceM };
}

/** One line of the gear chart: a gear from 0 kph at 0 rpm to `topSpeedKph` at `maxRpm`. */
export interface GearLine {
  name: string;
  ratio: number;
  topSpeedKph: number;
  /** Engine speed right after shifting up into the NEXT gear at this gear's top speed (rpm), or null for the last gear. */
  rpmAfterShift: number | null;
}

/**
 * The data of the gear chart (engine rpm against road speed per gear), read from saved rows:
 * max rpm and tire size from the notes, the final drive from its row. Answers null with a reason
 * when something is missing.
 */
export function gearChartData(rows: readonly GearRowLike[]): { ok: true; maxRpm: number; tire: string; lines: GearLine[] } | { ok: false; reason: string } {
  const { maxRpm, tireText } = parseGearNotes(rows);
  if (maxRpm === null || tireText === null) return { ok: false, reason: 'no max rpm and tire size in the notes' };
  const result = computeGearSpeeds(rows, { tireSize: tireText, maxRpm: String(maxRpm) });
  if (!result.ok) return { ok: false, reason: result.error };
  if (result.speeds.length === 0) return { ok: false, reason: 'no gear ratio could be read' };
  const gears = result.speeds.map((s) => ({ name: rows[s.index]!.name.trim() || `row ${s.index + 1}`, ratio: parseRatio(rows[s.index]!.ratio)!, topSpeedKph: s.speedKph }));
  const lines = gears.map((gear, i) => {
    const next = gears[i + 1];
    return { ...gear, rpmAfterShift: next ? (maxRpm * next.ratio) / gear.ratio : null };
  });
  return { ok: true, maxRpm, tire: tireText, lines };
}
