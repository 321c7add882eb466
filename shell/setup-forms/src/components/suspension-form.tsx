import { useState, type FormEvent } from 'react';
import type { Suspension, TeamUnits } from '@pitwall/contracts';
import { Button, errorMessage, useToast } from '@pitwall/kit';
import { suspensionBody, suspensionFormState, type SuspensionKey, type SuspensionValues } from '../lib/setup-values';
import { SuspensionSection } from './suspension-section';
import { useSubmitState } from './use-save';

export interface SuspensionFormProps {
  /** The values the form opens with: the car's baseline, or a race event's effective suspension (null: none yet). */
  initial: Suspension | null | undefined;
  /** The values shown as 'was …' (default: `initial`). */
  previous?: Suspension | null | undefined;
  units: TeamUnits;
  /** Saves the twelve settings and notes (without carId/eventId); rejects with the server's refusal. */
  onSave: (body: SuspensionValues) => Promise<unknown>;
  /** Called after a successful save and on Cancel. */
  onDone: () => void;
  /** 'Save' on the car record, 'Save Changes' on a race event's full-page form. */
  saveLabel?: string;
}

/**
 * 'Edit Suspension & Alignment' (spec §2): ride heights (mm), spring rates (N/mm) and cambers (°)
 * as numbers, damper, toe and anti-roll bar as text, and notes. Toasts 'Suspension settings updated
 * successfully' or 'Failed to update suspension settings: {reason}' (and stays open).
 */
export function SuspensionForm({ initial, previous = initial, units, onSave, onDone, saveLabel = 'Save' }: SuspensionFormProps) {
  const toast = useToast();
  const [value, setValue] = useState(() => suspensionFormState(initial, units));
  const [errors, setErrors] = useState<Partial<Record<SuspensionKey | 'notes', string>>>({});
  const { formRef, saving, setSaving, refused } = useSubmitState();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = suspensionBody(value, initial, units);
    if (!result.ok) {
      setErrors(result.errors);
      refused();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(result.body);
      toast.success('Suspension settings updated successfully');
      onDone();
    } catch (error) {
      toast.error(`Failed to update suspension settings: ${errorMessage(error)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Edit Suspension & Alignment">
      <SuspensionSection value={value} onChange={setValue} units={units} previous={previous} errors={errors} />
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
