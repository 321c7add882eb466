import type { ReactNode } from 'react';
import type { LiveChange, Suspension, TeamUnits } from '@pitwall/contracts';
import { SUSPENSION_FIELDS, suspensionBody, suspensionFormState, type SuspensionKey, type SuspensionValues } from '../lib/setup-values';
import { SuspensionSection } from './suspension-section';
import { useSaveForm } from './use-save';
import { FormActions, useLastLiveChange } from '@pitwall/kit';
import { useFollowingState } from '../lib/following-state';

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
 * 'Edit Suspension & Alignment' (spec §2): ride heights (mm), spring rates (N/mm) and cambers (°)
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
      <SuspensionSection value={value} onChange={setValue} units={units} previous={previous === undefined ? followed : previous} errors={errors ?? {}} changedElsewhere={changedElsewhereOf(followed, initial, teammate)} />
      <FormActions onCancel={onDone} isSaving={saving} submitLabel={saveLabel} />
    </form>
  );
}

/**
 * The fields someone else saved while this form is being edited: where the suspension now shown
 * (`now`, refetched after their save) differs from what the form was filled from (`followed`), the
 * note 'Ana set -3.8° at 14:35; was -3.4°' (who and when: the latest live change of a suspension,
 * `change`, in the device's time zone; 'A teammate' when none was heard). The form keeps what the
 * user typed; saving merges field by field and asks where both changed (the versioned write path).
 */
export function changedElsewhereOf(followed: Suspension | null | undefined, now: Suspension | null | undefined, change: LiveChange | null): Partial<Record<SuspensionKey, string>> {
  if (followed === now || !now) return {};
  const who = change?.by.displayName ?? 'A teammate';
  const at = (change ? new Date(change.at) : new Date()).toTimeString().slice(0, 5);
  return Object.fromEntries(
    SUSPENSION_FIELDS.filter((f) => (followed?.[f.key] ?? null) !== (now[f.key] ?? null)).map((f) => [f.key, `${who} set ${now[f.key] ?? 'nothing'} at ${at}; was ${followed?.[f.key] ?? 'empty'}`]),
  );
}
