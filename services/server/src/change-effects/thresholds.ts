import { DEFAULT_CHANGE_EFFECT_THRESHOLDS, type ChangeEffectThresholds } from '@pitwall/contracts';
import { findTeamSettings } from '@pitwall/read-models';
import type { AppDeps } from '../deps.ts';

/** The team's change effects' thresholds (team settings), the defaults for a team that never chose them. */
export async function changeEffectThresholdsOf(deps: Pick<AppDeps, 'db'>, teamId: number): Promise<ChangeEffectThresholds> {
  return (await findTeamSettings(deps.db, teamId))?.changeEffects ?? DEFAULT_CHANGE_EFFECT_THRESHOLDS;
}
