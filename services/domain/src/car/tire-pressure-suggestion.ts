import {
  coldPressureForTarget, cornerSentence, cornerTarget, PRESSURE_CORNERS, PSI_AND_CELSIUS, referenceWhere, roundPsi,
  type ColdPressures, type CornerSuggestion, type HotPressures, type PressureReferenceSession, type TirePressureSuggestion, type TirePressureTargets,
} from '@pitwall/contracts';
import { ValidationError } from '../shared/errors.ts';

/** A session of the car as the suggestion reads it: where and when it ran, and its pressures (psi, °C; null = not measured). */
export interface PressureSession {
  sessionId: number;
  sessionName: string;
  raceEventId: number;
  raceEventName: string;
  location: string;
  /** ISO timestamp. */
  startedAt: string;
  cold: ColdPressures | null;
  hot: HotPressures | null;
}

/** What a suggestion is asked for: the car's targets, the race event's location, the temperature now (°C), the sessions of the car, and the engineer's pick. */
export interface SuggestionRequest {
  targets: TirePressureTargets;
  location: string;
  ambientC: number;
  sessions: readonly PressureSession[];
  /** A session of `sessions` to work from instead of the default reference. */
  pickedSessionId?: number | undefined;
}

const sameLocation = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const newestFirst = (a: PressureSession, b: PressureSession) => Date.parse(b.startedAt) - Date.parse(a.startedAt) || b.sessionId - a.sessionId;

/**
 * The cold pressures to set now, corner by corner, with the explanation in words (psi, °C).
 * The reference is the latest session at this location with cold AND hot pressures; without one,
 * the car's latest such session elsewhere (the explanation says so); without any, nothing is proposed
 * (the explanation says so). `pickedSessionId` overrides the reference. A corner without a target
 * (its own or its axle's) gets null. The cold pressure comes from coldPressureForTarget (ideal gas,
 * same hot tire temperature as in the reference run), in psi with two decimals.
 * Throws ValidationError naming `sessionId` when the picked session has no cold and hot pressures.
 */
export function suggestColdPressures({ targets, location, ambientC, sessions, pickedSessionId }: SuggestionRequest): TirePressureSuggestion {
  const usable = sessions.filter((s) => s.cold !== null && s.hot !== null).sort(newestFirst);
  const here = usable.filter((s) => sameLocation(s.location, location));
  const candidates = here.length > 0 ? here : usable;
  const asReference = (s: PressureSession): PressureReferenceSession => ({
    sessionId: s.sessionId, sessionName: s.sessionName, raceEventId: s.raceEventId, raceEventName: s.raceEventName, location: s.location, startedAt: s.startedAt,
    atThisTrack: sameLocation(s.location, location),
  });
  const references = candidates.map(asReference);

  let chosen = candidates[0];
  if (pickedSessionId !== undefined) {
    chosen = usable.find((s) => s.sessionId === pickedSessionId);
    if (!chosen) throw new ValidationError(`sessionId: session ${pickedSessionId} has no cold and hot pressures to work from`);
  }
  const corners: Record<string, CornerSuggestion | null> = { fl: null, fr: null, rl: null, rr: null };
  if (!chosen) {
    return { corners: corners as TirePressureSuggestion['corners'], references, explanation: ['No session of this car has both cold and hot pressures yet, so nothing is proposed. Record them on a run sheet (Tire Pressures) after the next run.'] };
  }

  const reference = asReference(chosen);
  const isLatestHere = reference.atThisTrack && chosen === here[0];
  const explanation = [sourceLine(reference, chosen, here.length > 0, isLatestHere || chosen === usable[0], location), 'Assumes the tires reach the same hot temperature as in that run (no tire-temperature data, no compound model).'];
  const where = referenceWhere(reference, isLatestHere);
  for (const corner of PRESSURE_CORNERS) {
    const target = cornerTarget(targets, corner);
    if (target === null) {
      explanation.push(`${corner.short}: no target hot pressure set for this car, so nothing is proposed`);
      continue;
    }
    const pair = { coldPsi: chosen.cold![corner.key], coldTempC: chosen.cold!.tempC, hotPsi: chosen.hot![corner.key] };
    const cold = coldPressureForTarget(target, pair, ambientC);
    if (cold === null) {
      explanation.push(`${corner.short}: the readings of ${chosen.sessionName} give no physical answer, so nothing is proposed`);
      continue;
    }
    const suggestion: CornerSuggestion = { coldPsi: roundPsi(cold), targetHotPsi: target, reference: { sessionId: chosen.sessionId, ...pair } };
    corners[corner.key] = suggestion;
    explanation.push(cornerSentence(corner.short, where, suggestion, ambientC, PSI_AND_CELSIUS));
  }
  return { corners: corners as TirePressureSuggestion['corners'], references, explanation };
}

/** The explanation's first line: which session the suggestion works from, and why that one. */
function sourceLine(reference: PressureReferenceSession, chosen: PressureSession, anyHere: boolean, isLatest: boolean, location: string): string {
  const run = `${chosen.sessionName} of ${chosen.raceEventName} (${chosen.startedAt.slice(0, 10)})`;
  if (reference.atThisTrack) return isLatest ? `Working from ${run}, the latest session at ${chosen.location} with cold and hot pressures.` : `Working from ${run} at ${chosen.location}, as picked.`;
  if (anyHere) return `Working from ${run} at ${chosen.location}, as picked (not this track).`;
  return `No session at ${location} has both cold and hot pressures: working from ${run} at ${chosen.location}${isLatest ? ", the car's latest elsewhere" : ', as picked'}.`;
}
