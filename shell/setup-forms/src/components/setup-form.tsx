import { useRef, type FormEvent, type ReactNode } from 'react';
import type { Suspension, TeamUnits, TirePressures } from '@pitwall/contracts';
import { errorMessage, useToast, FormActions } from '@pitwall/kit';
import type { SectionOutput, SuspensionValues, TirePressuresValues } from '../lib/setup-values';
import { SuspensionSection } from './suspension-section';
import { TirePressuresSection } from './tire-pressures-section';
import { useSubmitState } from './use-save';
import { useSuspensionSectionForm, useTireSectionForm } from './section-forms';
import styles from './setup-forms.module.css';

export interface SetupFormProps {
  /** The race event's effective tire pressures (baseline overridden by its own, once inheritance answers them). */
  tirePressures: TirePressures | undefined;
  /** The race event's effective suspension (null: none). */
  suspension: Suspension | null | undefined;
  /** Shown as 'was …' (default: the opened values). */
  previousTirePressures?: TirePressures | undefined;
  previousSuspension?: Suspension | null | undefined;
  /**
   * What the race event has stored now (default: the opened values): a section whose body equals it
   * is not saved. Differs from the opened values when the form was refilled, e.g. 'Start from
   * <previous race event>' (re-render with a new `key` and those values as `tirePressures`/`suspension`).
   */
  savedTirePressures?: TirePressures | undefined;
  savedSuspension?: Suspension | null | undefined;
  /** Shown above the sections inside the form, e.g. a 'Start from <previous race event>' control. */
  header?: ReactNode;
  units: TeamUnits;
  /** Saves the tire pressures; called only when they changed. */
  onSaveTirePressures: (body: TirePressuresValues) => Promise<unknown>;
  /** Saves the suspension; called only when it changed. */
  onSaveSuspension: (body: SuspensionValues) => Promise<unknown>;
  /** Called after a successful save and on Cancel. */
  onDone: () => void;
}

/**
 * 'Edit Setup' of a race event: the tire pressures and the suspension & alignment on one page with
 * one 'Save Changes', for the routine job between sessions (new hot pressures and a camber change).
 * Only the sections that changed are saved (tire pressures first), each with the spec's toast text;
 * a refusal shows 'Failed to update …: {reason}' and keeps the form open, and a section already
 * saved is not sent again on the retry.
 */
export function SetupForm(props: SetupFormProps) {
  const { tirePressures, suspension, units, onSaveTirePressures, onSaveSuspension, onDone } = props;
  const toast = useToast();
  // Each section is its own react-hook-form form, following its own data until the user edits it.
  const tires = useTireSectionForm(tirePressures, units, 'savedTirePressures' in props ? props.savedTirePressures : tirePressures);
  const susp = useSuspensionSectionForm(suspension, units, 'savedSuspension' in props ? props.savedSuspension : suspension);
  const { formRef, saving, setSaving, refused } = useSubmitState();
  const saved = useRef<{ tires?: string; suspension?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Both sections are checked (each shows its refusals on its fields) before anything is saved.
    const checked: { tires?: SectionOutput<TirePressuresValues>; suspension?: SectionOutput<SuspensionValues> } = {};
    await tires.handleSubmit((output) => (checked.tires = output))();
    await susp.handleSubmit((output) => (checked.suspension = output))();
    const { tires: tireResult, suspension: suspResult } = checked;
    if (!tireResult || !suspResult) {
      refused();
      return;
    }
    const sections = [
      { key: 'tires' as const, changed: tireResult.changed, body: tireResult.body, save: () => onSaveTirePressures(tireResult.body), success: 'Tire pressures updated successfully', failure: 'Failed to update tire pressures' },
      { key: 'suspension' as const, changed: suspResult.changed, body: suspResult.body, save: () => onSaveSuspension(suspResult.body), success: 'Suspension settings updated successfully', failure: 'Failed to update suspension settings' },
    ];
    const done: string[] = [];
    setSaving(true);
    try {
      for (const section of sections) {
        const json = JSON.stringify(section.body);
        if (!section.changed || saved.current[section.key] === json) continue;
        try {
          await section.save();
        } catch (error) {
          toast.error(`${section.failure}: ${errorMessage(error)}`);
          return;
        }
        saved.current[section.key] = json;
        done.push(section.success);
      }
    } finally {
      setSaving(false);
    }
    // One toast at a time (docs/product.md, 'States and transitions'): both sentences in it when both sections were saved.
    if (done.length > 0) toast.success(done.join(' · '));
    onDone();
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Edit Setup">
      {props.header}
      <section className={styles.section} aria-labelledby="setup-tire-pressures">
        <h2 id="setup-tire-pressures" className={styles.sectionTitle}>
          Tire Pressures
        </h2>
        <TirePressuresSection value={tires.value} onChange={tires.onChange} units={units} previous={props.previousTirePressures ?? tirePressures} errors={tires.errors} />
      </section>
      <section className={styles.section} aria-labelledby="setup-suspension">
        <h2 id="setup-suspension" className={styles.sectionTitle}>
          Suspension &amp; Alignment
        </h2>
        <SuspensionSection value={susp.value} onChange={susp.onChange} units={units} previous={props.previousSuspension === undefined ? suspension : props.previousSuspension} errors={susp.errors} />
      </section>
      <FormActions onCancel={onDone} isSaving={saving} submitLabel="Save Changes" />
    </form>
  );
}
