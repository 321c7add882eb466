import type { TireSet, TireSetCondition } from '@pitwall/contracts';
import { heatCyclesText, TIRE_SET_CONDITIONS } from '@pitwall/contracts/values';

/** 'New', 'Scrubbed', 'Used', 'Scrapped'. */
export const conditionLabel = (condition: TireSetCondition) => TIRE_SET_CONDITIONS.find((c) => c.value === condition)!.label;

/** The badge tone of a condition: new and scrubbed sets race, used ones practise, scrapped ones are done. */
export const CONDITION_TONE: Record<TireSetCondition, 'success' | 'primary' | 'warning' | 'neutral'> = { new: 'success', scrubbed: 'primary', used: 'warning', scrapped: 'neutral' };

/** The wear bar's colour: fine below 50 %, amber to 80 %, red from 80 % (at 100 % the tread is at its minimum). */
export const wearLevel = (percent: number): 'ok' | 'high' | 'worn' => (percent >= 80 ? 'worn' : percent >= 50 ? 'high' : 'ok');

/** '32.3 %'. */
export const formatPercent = (percent: number) => `${percent.toFixed(1)} %`;

/** What the set is, in one line: 'Hoosier R7 · 225/45R17' (what is known of it). */
export const tireSetDescription = (set: Pick<TireSet, 'manufacturer' | 'compound' | 'size'>) => [[set.manufacturer, set.compound].filter(Boolean).join(' '), set.size].filter(Boolean).join(' · ');

/**
 * What a set ran before Pitwall knew it, as a part of the set page's line: ' · 3 heat cycles and
 * 40 laps before Pitwall' ('1 lap'), '' for a set without earlier use. Its heat cycles and laps
 * already count them.
 */
export function earlierUseSummary(set: Pick<TireSet, 'earlierHeatCycles' | 'earlierLaps'>): string {
  if (set.earlierHeatCycles === 0 && set.earlierLaps === 0) return '';
  return ` · ${heatCyclesText(set.earlierHeatCycles)} and ${set.earlierLaps} ${set.earlierLaps === 1 ? 'lap' : 'laps'} before Pitwall`;
}
