import type { PressureCorner, SuggestionFormat, TeamUnits, TirePressureSuggestion } from '@pitwall/contracts';
import { cornerSentence, isCornerLine, PRESSURE_CORNERS, referenceWhere } from '@pitwall/contracts/values';
import { entryUnit, gaugePressure, shownTemperature, unitLabel } from '@pitwall/setup-forms/display';

/** Display texts of the tire pressure assistant. Pure; the API answers psi and °C. */

/** Pressures to the gauge's resolution (psi 0.1, bar 0.01) and temperatures in the team's units: '25.8 psi', '1.78 bar', '75.2 °F'. */
function teamFormat(units: TeamUnits): SuggestionFormat {
  return {
    pressure: (psi) => `${gaugePressure(psi, units)} ${unitLabel(entryUnit('pressure', units))}`,
    temperature: (celsius) => `${shownTemperature(celsius, units)} ${unitLabel(entryUnit('temperature', units))}`,
  };
}

/** One corner as the panel shows it: the cold pressure to set (null: none proposed) and why, in words. */
export interface CornerLine {
  key: PressureCorner;
  label: string;
  cold: string | null;
  basis: string;
}

/**
 * The answer in the team's units: the lines about the whole suggestion (which run it works from),
 * and per corner the cold pressure and its basis ('FL: last run here set 26.0 psi at 18 °C, came in
 * at 31.2 psi; target 30.0 psi; now 24 °C → set 25.8 psi'); a corner without a proposal keeps the
 * server's reason.
 */
export function suggestionLines(answer: TirePressureSuggestion, ambientC: number, units: TeamUnits): { general: string[]; corners: CornerLine[] } {
  const format = teamFormat(units);
  const corners = PRESSURE_CORNERS.map((corner): CornerLine => {
    const proposal = answer.corners[corner.key];
    if (!proposal) {
      const reason = answer.explanation.find((line) => line.startsWith(`${corner.short}: `));
      return { key: corner.key, label: corner.label, cold: null, basis: reason ?? `${corner.short}: nothing proposed` };
    }
    const reference = answer.references.find((r) => r.sessionId === proposal.reference.sessionId);
    const latestHere = answer.references.find((r) => r.atThisTrack);
    const where = reference ? referenceWhere(reference, reference === latestHere) : 'the reference run';
    return { key: corner.key, label: corner.label, cold: format.pressure(proposal.coldPsi), basis: cornerSentence(corner.short, where, proposal, ambientC, format) };
  });
  return { general: answer.explanation.filter((line) => !isCornerLine(line)), corners };
}

/**
 * What 'Use these' puts in the next session's cold pressures: the proposals as a gauge is set (psi
 * 0.1 / bar 0.01, in the team's unit, as typed text) and the temperature now; null when a corner has
 * no proposal (the form then asks for it).
 */
export interface ColdPrefill {
  corners: Record<PressureCorner, string | null>;
  temperature: string;
}

/** The prefill of the Add Session form from a suggestion (see ColdPrefill). */
export function coldPrefill(answer: TirePressureSuggestion, ambientC: number, units: TeamUnits): ColdPrefill {
  const corners = Object.fromEntries(PRESSURE_CORNERS.map((c) => [c.key, answer.corners[c.key] ? gaugePressure(answer.corners[c.key]!.coldPsi, units) : null])) as ColdPrefill['corners'];
  return { corners, temperature: shownTemperature(ambientC, units) };
}

