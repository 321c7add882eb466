/**
 * The tire pressure assistant's constants and the sentences of its explanation, free of zod so the
 * run sheet loads them without the schema library; ../tire-pressure-assistant.ts builds its schemas
 * from them; the package entry (../index.ts) exports them.
 */
import type { CornerSuggestion, PressureReferenceSession, TirePressureTargets } from '../tire-pressure-assistant.ts';

export { AMBIENT_MAX_C, AMBIENT_MIN_C } from './tire-pressure-constants.ts';

/** The four corners in display order, with their short and long labels. */
export const PRESSURE_CORNERS = [
  { key: 'fl', short: 'FL', label: 'Front Left', axle: 'front' },
  { key: 'fr', short: 'FR', label: 'Front Right', axle: 'front' },
  { key: 'rl', short: 'RL', label: 'Rear Left', axle: 'rear' },
  { key: 'rr', short: 'RR', label: 'Rear Right', axle: 'rear' },
] as const;
export type PressureCorner = (typeof PRESSURE_CORNERS)[number]['key'];

/** The target hot psi of one corner: its own, else its axle's, else null. */
export const cornerTarget = (targets: TirePressureTargets, corner: (typeof PRESSURE_CORNERS)[number]): number | null => targets[corner.key] ?? targets[corner.axle];

/** Whether an explanation line is a corner's ('FL: …'), not one about the whole suggestion. */
export const isCornerLine = (line: string): boolean => /^(FL|FR|RL|RR): /.test(line);

/** How a sentence shows pressures (gauge psi in) and temperatures (°C in), with their units. */
export interface SuggestionFormat {
  pressure: (psi: number) => string;
  temperature: (celsius: number) => string;
}

/** '26.0 psi', '18 °C': the API's own units, pressures to 0.1 psi (a gauge's resolution). */
export const PSI_AND_CELSIUS: SuggestionFormat = {
  pressure: (psi) => `${psi.toFixed(1)} psi`,
  temperature: (celsius) => `${Number(celsius.toFixed(1))} °C`,
};

/**
 * One corner's basis in plain words, e.g. 'FL: last run here set 26.0 psi at 18 °C, came in at
 * 31.2 psi; target 30.0 psi; now 24 °C → set 25.8 psi'. `where` names the reference ('last run
 * here', 'FP1 at Sonoma Raceway').
 */
export function cornerSentence(short: string, where: string, corner: CornerSuggestion, ambientC: number, format: SuggestionFormat): string {
  const { reference } = corner;
  return (
    `${short}: ${where} set ${format.pressure(reference.coldPsi)} at ${format.temperature(reference.coldTempC)}, ` +
    `came in at ${format.pressure(reference.hotPsi)}; target ${format.pressure(corner.targetHotPsi)}; ` +
    `now ${format.temperature(ambientC)} → set ${format.pressure(corner.coldPsi)}`
  );
}

/** How a sentence names a reference session: 'last run here' (the latest at this track), 'FP1 here', 'Practice at Sonoma Raceway'. */
export function referenceWhere(reference: PressureReferenceSession, isLatestHere: boolean): string {
  if (!reference.atThisTrack) return `${reference.sessionName} at ${reference.location}`;
  return isLatestHere ? 'last run here' : `${reference.sessionName} here`;
}
