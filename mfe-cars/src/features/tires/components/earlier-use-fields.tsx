import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@pitwall/kit';
import { numberOf } from '../../parts';
import styles from './tires.module.css';

/** The names of the earlier use fields, as the forms and the API name them. */
export type EarlierUseField = 'earlierHeatCycles' | 'earlierLaps';

/** What a form gives one of its text fields: the field as registered with the form (useZodForm), the error under it. */
type FormFieldProps = UseFormRegisterReturn & { error?: string | undefined };

/**
 * Whether a set in `condition` may have run before Pitwall knew it: every condition but 'new'
 * (bought scrubbed or used; a scrapped set keeps what it ran before).
 */
const mayHaveEarlierUse = (condition: string) => condition !== 'new';

/**
 * The earlier use a form sends for a set in `condition`, from the fields' text: whole numbers as
 * typed ('' reads 0), none for a new set (its fields are hidden: a set saved as new ran nothing
 * before). Text that is no number goes as it reads (NaN, 2.5) for the body schema to name.
 * Example: ('used', { earlierHeatCycles: '3', earlierLaps: '' }) → { earlierHeatCycles: 3, earlierLaps: 0 }.
 */
export function earlierUseOf(condition: string, text: Readonly<Partial<Record<EarlierUseField, string>>>): Record<EarlierUseField, number> {
  if (!mayHaveEarlierUse(condition)) return { earlierHeatCycles: 0, earlierLaps: 0 };
  return { earlierHeatCycles: numberOf(text.earlierHeatCycles ?? '') ?? 0, earlierLaps: numberOf(text.earlierLaps ?? '') ?? 0 };
}

/** The fields' starting text from a set's earlier use: '' for none (the placeholder shows), else the number. */
export const earlierUseText = (use: Readonly<Record<EarlierUseField, number>>): Record<EarlierUseField, string> => ({
  earlierHeatCycles: use.earlierHeatCycles ? String(use.earlierHeatCycles) : '',
  earlierLaps: use.earlierLaps ? String(use.earlierLaps) : '',
});

/**
 * 'Earlier heat cycles' and 'Earlier laps': what a set bought scrubbed or used ran before Pitwall
 * knew it (whole numbers, numeric keypad). Shown for every condition but 'new'; Pitwall adds them
 * to the heat cycles and laps of the set's sessions (not to its km or hours).
 */
export function EarlierUseFields({ condition, field }: { condition: string; field: (name: EarlierUseField) => FormFieldProps }) {
  if (!mayHaveEarlierUse(condition)) return null;
  return (
    <div className={styles.formGrid}>
      <TextField label="Earlier heat cycles" inputMode="numeric" placeholder="e.g. 3" helperText="Run before this set came to Pitwall" {...field('earlierHeatCycles')} />
      <TextField label="Earlier laps" inputMode="numeric" placeholder="e.g. 40" helperText="Run before this set came to Pitwall" {...field('earlierLaps')} />
    </div>
  );
}
