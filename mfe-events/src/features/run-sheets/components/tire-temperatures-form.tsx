import { useMemo } from 'react';
import type { RunSession, TeamUnits } from '@pitwall/contracts';
import { PRESSURE_CORNERS } from '@pitwall/contracts/values';
import { FormActions, SelectField, TextField, errorMessage, useSetSessionTireTemperatures, useToast } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { focusNextFieldOnEnter } from '@pitwall/setup-forms/display';
import { EMPTY_READING, TREAD_EDGES, tireTemperaturesFormSchema } from '../lib/tire-temperature-forms';
import { readingName, temperatureUnitText } from '../lib/tire-temperature-format';
import styles from './run-sheets.module.css';
import css from './tire-temperatures.module.css';

/** The stint picker's choices: after the run, then after each stint with its laps. */
const stintOptions = (session: RunSession) => [
  { value: '', label: readingName(null) },
  ...session.stints.map((s, i) => ({ value: String(i + 1), label: `${readingName(i + 1)} (laps ${s.fromLap}–${s.toLap})` })),
];

/**
 * 'Add Tire Temperatures': the inner, middle and outer tread temperature of each tire (FL, FR, RL,
 * RR; 'FL inner (°C)' …) typed in the team's temperature unit on the decimal keypad, Enter moving to
 * the next field, and — where the session has stints — after which one they were taken ('After the
 * run' first). Sent in °C (react-hook-form + zodResolver, tireTemperaturesFormSchema); a stint read
 * already is replaced, which the picker says. Saved through the write queue; `onDone(stint)` after a save
 * (the reading saved: null = after the run), `onDone()` on Cancel.
 */
export function TireTemperaturesForm({ carId, session, units, onDone }: { carId: number; session: RunSession; units: TeamUnits; onDone: (stint?: number | null) => void }) {
  const schema = useMemo(() => tireTemperaturesFormSchema(units), [units]);
  const save = useSetSessionTireTemperatures(carId, session.eventId);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, { defaultValues: EMPTY_READING });
  const unit = temperatureUnitText(units);
  const chosen = watch('stint');
  const replaces = session.tireTemperatures.some((r) => String(r.stint ?? '') === chosen) ? `Saving replaces the reading ${readingName(chosen === '' ? null : Number(chosen)).toLowerCase()}.` : undefined;

  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ sessionId: session.id, body });
      toast.success('Tire temperatures saved');
      onDone(body.stint ?? null);
    } catch (error) {
      toast.error(`Failed to save tire temperatures: ${errorMessage(error)}`);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Add Tire Temperatures">
      <div className={styles.stack}>
        {session.stints.length > 0 ? (
          <SelectField label="Taken" options={stintOptions(session)} helperText={replaces} {...register('stint')} />
        ) : (
          replaces && <p className={styles.muted}>{replaces}</p>
        )}
        {PRESSURE_CORNERS.map((c) => (
          <fieldset key={c.key} className={styles.fieldset}>
            <legend>{c.label}</legend>
            <div className={css.treadFields}>
              {TREAD_EDGES.map((edge) => (
                <TextField
                  key={edge.key}
                  label={`${c.short} ${edge.label} (${unit})`}
                  inputMode="decimal"
                  enterKeyHint="next"
                  autoComplete="off"
                  error={errors[c.key]?.[edge.key]?.message}
                  onKeyDown={focusNextFieldOnEnter}
                  {...register(`${c.key}.${edge.key}`)}
                />
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <FormActions submitLabel="Save Tire Temperatures" isSaving={isSubmitting} onCancel={() => onDone()} />
    </form>
  );
}
