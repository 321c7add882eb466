import type { ReactNode } from 'react';
import type { Suspension, TeamUnits } from '@pitwall/contracts';
import { SUSPENSION_FIELDS, suspensionBody, suspensionFormState, type SuspensionValues } from '../lib/setup-values';
import { changedElsewhereOf } from '../lib/changed-elsewhere';
import { SuspensionSection } from './suspension-section';
import { useSaveForm } from './use-save';
import { FormActions, useLastLiveChange } from '@pitwall/kit';
import { useFollowingState } from '../lib/following-state';

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
  const [value, setValue, [followed]] = useFollowingState([initial, units] as const, suspensionFormState);
  const teammate = useLastLiveChange('SuspensionSet');
  const { formRef, saving, errors, submit } = useSaveForm({
    check: () => suspensionBody(value, initial, units),
    save: onSave,
    success: 'Suspension settings updated successfully',
    failure: 'Failed to update suspension settings',
    onDone,
  });
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Edit Suspension & Alignment">
      {header}
      <SuspensionSection value={value} onChange={setValue} units={units} previous={previous === undefined ? followed : previous} errors={errors ?? {}} changedElsewhere={changedElsewhereOf(SUSPENSION_KEYS, followed, initial, teammate)} />
      <FormActions onCancel={onDone} isSaving={saving} submitLabel={saveLabel} />
    </form>
  );
}
