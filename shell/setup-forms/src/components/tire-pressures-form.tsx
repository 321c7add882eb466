import type { ReactNode } from 'react';
import type { TeamUnits, TirePressures } from '@pitwall/contracts';
import { TIRE_CORNERS, type TirePressuresValues } from '../lib/setup-values';
import { TirePressuresSection } from './tire-pressures-section';
import { useSaveWithToasts, useSubmitState } from './use-save';
import { FormActions, useLastLiveChange } from '@pitwall/kit';
import { changedElsewhereOf } from '../lib/changed-elsewhere';
import { useTireSectionForm } from './section-forms';

const TIRE_CORNER_KEYS = TIRE_CORNERS.map((c) => c.key);

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
  /**
   * Shown above the fields inside the form, e.g. 'Start from <previous race event>': to refill,
   * re-render with a new `key` and those values as `initial`, keeping `previous` the opened ones.
   */
  header?: ReactNode;
}

/**
 * 'Edit Tire Pressures' (docs/product.md, 'Tire pressures'): the condition rows with the four corners as numbers in the
 * team's unit, 'Add Condition', the shared note. Rows left entirely empty are dropped; a partly
 * filled row shows the spec's messages. Toasts 'Tire pressures updated successfully' or
 * 'Failed to update tire pressures: {reason}' (and stays open).
 */
export function TirePressuresForm({ initial, previous = initial, units, onSave, onDone, saveLabel = 'Save', header }: TirePressuresFormProps) {
  const { value, onChange, errors, followed, handleSubmit, isSubmitting } = useTireSectionForm(initial, units);
  const teammate = useLastLiveChange('TirePressuresSet');
  const saveWithToasts = useSaveWithToasts({ success: 'Tire pressures updated successfully', failure: 'Failed to update tire pressures', onDone });
  const { formRef, refused } = useSubmitState();
  const submit = handleSubmit(async ({ body }) => {
    await saveWithToasts(() => onSave(body));
  }, refused);
  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label="Edit Tire Pressures">
      {header}
      <TirePressuresSection
        value={value}
        onChange={onChange}
        units={units}
        previous={previous}
        errors={errors}
        changedElsewhere={(row) => (row.origin === null ? {} : changedElsewhereOf(TIRE_CORNER_KEYS, followed?.items[row.origin], initial?.items[row.origin], teammate))}
      />
      <FormActions onCancel={onDone} isSaving={isSubmitting} submitLabel={saveLabel} />
    </form>
  );
}
