import type { ReactNode } from 'react';
import type { Suspension, TeamUnits } from '@pitwall/contracts';
import { SUSPENSION_FIELDS, type SuspensionValues } from '../lib/setup-values';
import { changedElsewhereOf } from '../lib/changed-elsewhere';
import { SuspensionSection } from './suspension-section';
import { useSaveWithToasts, useSubmitState } from './use-save';
import { FormActions, useLastLiveChange } from '@pitwall/kit';
import { useSuspensionSectionForm } from './section-forms';

const SUSPENSION_KEYS = SUSPENSION_FIELDS.map((f) => f.key);

export interface SuspensionFormProps {
  /** The values the form opens with: the car's baseline, or a race event's effective suspension (null: none yet). */
  initial: Suspension | null | undefined;
  /** The values shown as 'was …' (default: what the form was filled from, `initial` until the user edits). */
  previous?: Suspension | null | undefined;
  units: TeamUnits;
  /** Saves the twelve settings and notes (without carId/eventId); rejects with the server's refusal. */
  onSave: (body: SuspensionValues) => Promise<unknown>;
  /** Called after a successful save and on Cancel. */
  onDone: () => void;
  /** 'Save' on the car record, 'Save Changes' on a race event's full-page form. */
  saveLabel?: string;
  /**
   * Shown above the fields inside the form, e.g. 'Start from <previous race event>': to refill,
   * re-render with a new `key` and those values as `initial`, keeping `previous` the opened ones.
   */
  header?: ReactNode;
}

/**
 * 'Edit Suspension & Alignment' (docs/product.md, 'Suspension & alignment'): ride heights (mm), spring rates (N/mm) and cambers (°)
 * as numbers, damper, toe and anti-roll bar as text, and notes. Toasts 'Suspension settings updated
 * successfully' or 'Failed to update suspension settings: {reason}' (and stays open).
 */
export function SuspensionForm({ initial, previous, units, onSave, onDone, saveLabel = 'Save', header }: SuspensionFormProps) {
  const { value, onChange, errors, followed, handleSubmit, isSubmitting } = useSuspensionSectionForm(initial, units);
  const teammate = useLastLiveChange('SuspensionSet');
  const saveWithToasts = useSaveWithToasts({ success: 'Suspension settings updated successfully', failure: 'Failed to update suspension settings', onDone });
  const { formRef, refused } = useSubmitState();
  const submit = handleSubmit(async ({ body }) => {
    await saveWithToasts(() => onSave(body));
  }, refused);
  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label="Edit Suspension & Alignment">
      {header}
      <SuspensionSection value={value} onChange={onChange} units={units} previous={previous === undefined ? followed : previous} errors={errors} changedElsewhere={changedElsewhereOf(SUSPENSION_KEYS, followed, initial, teammate)} />
      <FormActions onCancel={onDone} isSaving={isSubmitting} submitLabel={saveLabel} />
    </form>
  );
}
