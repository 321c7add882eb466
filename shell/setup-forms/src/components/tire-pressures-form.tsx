import { useState, type FormEvent } from 'react';
import type { TeamUnits, TirePressures } from '@pitwall/contracts';
import { Button, errorMessage, useToast } from '@pitwall/kit';
import { tireBody, tireFormState, type TireErrors, type TirePressuresValues } from '../lib/setup-values';
import { TirePressuresSection } from './tire-pressures-section';
import { useSubmitState } from './use-save';

export interface TirePressuresFormProps {
  /** The values the form opens with: the car's baseline, or a race event's effective tire pressures. */
  initial: TirePressures | undefined;
  /** The values shown as 'was …' (default: `initial`). */
  previous?: TirePressures | undefined;
  /** The team's units: pressures are shown and stored in `units.pressureUnit`. */
  units: TeamUnits;
  /** Saves the body (rows without carId/eventId, and the shared note); rejects with the server's refusal. */
  onSave: (body: TirePressuresValues) => Promise<unknown>;
  /** Called after a successful save and on Cancel. */
  onDone: () => void;
  /** 'Save' on the car record, 'Save Changes' on a race event's full-page form. */
  saveLabel?: string;
}

/**
 * 'Edit Tire Pressures' (spec §2): the condition rows with the four corners as numbers in the
 * team's unit, 'Add Condition', the shared note. Rows left entirely empty are dropped; a partly
 * filled row shows the spec's messages. Toasts 'Tire pressures updated successfully' or
 * 'Failed to update tire pressures: {reason}' (and stays open).
 */
export function TirePressuresForm({ initial, previous = initial, units, onSave, onDone, saveLabel = 'Save' }: TirePressuresFormProps) {
  const toast = useToast();
  const [value, setValue] = useState(() => tireFormState(initial, units));
  const [errors, setErrors] = useState<TireErrors>({});
  const { formRef, saving, setSaving, refused } = useSubmitState();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = tireBody(value, initial, units);
    if (!result.ok) {
      setErrors(result.errors);
      refused();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(result.body);
      toast.success('Tire pressures updated successfully');
      onDone();
    } catch (error) {
      toast.error(`Failed to update tire pressures: ${errorMessage(error)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Edit Tire Pressures">
      <TirePressuresSection value={value} onChange={setValue} units={units} previous={previous} errors={errors} />
      <div className="pw-form-actions">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : saveLabel}
        </Button>
      </div>
    </form>
  );
}
