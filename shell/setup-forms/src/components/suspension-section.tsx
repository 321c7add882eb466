import type { Suspension, TeamUnits } from '@pitwall/contracts';
import { TextAreaField } from '@pitwall/kit';
import { AXLES, SUSPENSION_FIELDS, type SuspensionFormState, type SuspensionKey } from '../lib/setup-values';
import { MeasureField } from './measure-field';
import styles from './setup-forms.module.css';

export interface SuspensionSectionProps {
  value: SuspensionFormState;
  onChange: (value: SuspensionFormState) => void;
  units: TeamUnits;
  /** The values when the form opened, shown as 'was …' under each field. */
  previous: Suspension | null | undefined;
  errors: Partial<Record<SuspensionKey | 'notes', string>>;
  /** Per field, someone else's save made while the form is being edited (see lib/changed-elsewhere.ts). */
  changedElsewhere?: Partial<Record<SuspensionKey, string>>;
}

/**
 * Front and Rear (fieldsets) with 'Front Ride Height' (mm), 'Front Spring Rate' (N/mm), damper
 * (text), 'Front Camber' (°, with a ± sign button), toe and anti-roll bar (text), the same for the
 * rear, and 'Notes'. Controlled: the caller keeps the state.
 */
export function SuspensionSection({ value, onChange, units, previous, errors, changedElsewhere = {} }: SuspensionSectionProps) {
  return (
    <>
      <div className={styles.axles}>
        {AXLES.map((axle) => (
          <fieldset key={axle.prefix} className={styles.axleFields}>
            <legend>{axle.label}</legend>
            {SUSPENSION_FIELDS.filter((f) => f.axle === axle.prefix).map((f) => (
              <MeasureField
                key={f.key}
                label={f.label}
                kind={f.kind}
                mode={value.fields[f.key].mode}
                units={units}
                value={value.fields[f.key].text}
                placeholder={f.placeholder}
                previous={previous?.[f.key]}
                changedElsewhere={changedElsewhere[f.key]}
                error={errors[f.key]}
                signed={f.kind === 'angle'}
                negativeByDefault={f.kind === 'angle'}
                onChange={(text) => onChange({ ...value, fields: { ...value.fields, [f.key]: { ...value.fields[f.key], text } } })}
              />
            ))}
          </fieldset>
        ))}
      </div>
      <div className={styles.formSection}>
        <TextAreaField label="Notes" placeholder="e.g. Corner-weighted with driver" error={errors.notes} value={value.notes} onChange={(e) => onChange({ ...value, notes: e.target.value })} />
      </div>
    </>
  );
}
