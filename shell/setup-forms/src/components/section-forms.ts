import { useMemo, useState, type BaseSyntheticEvent } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { Suspension, TeamUnits, TirePressures } from '@pitwall/contracts';
import { useZodForm } from '@pitwall/kit/forms';
import { useFollowingForm } from '../lib/following-state';
import {
  SUSPENSION_FIELDS,
  TIRE_CORNERS,
  suspensionFormState,
  suspensionSchema,
  tireFormState,
  tireSchema,
  type SectionOutput,
  type SuspensionFormState,
  type SuspensionKey,
  type SuspensionValues,
  type TireErrors,
  type TireFormState,
  type TirePressuresValues,
} from '../lib/setup-values';

/**
 * A section's react-hook-form form (useZodForm with `schema`, no focus on the first error) filled
 * with `toState(data, units)`, and following `data` and `units` until the user edits
 * (useFollowingForm). Answers the form and `followed`: the answer its values were last filled from.
 */
function useFollowingSectionForm<Data, State extends FieldValues, Output>(schema: z.ZodType<Output, State>, data: Data, units: TeamUnits, toState: (data: Data, units: TeamUnits) => State) {
  // A filled state is a complete one; react-hook-form types defaults as a deep partial of it, which a generic State does not narrow to.
  const [defaultValues] = useState(() => toState(data, units) as DefaultValues<State>);
  const form = useZodForm(schema, { defaultValues, shouldFocusError: false });
  const source = useMemo(() => ({ data, units }), [data, units]);
  const filledFrom = useFollowingForm(source, form.formState.isDirty, (s) => form.reset(toState(s.data, s.units)));
  return { form, followed: filledFrom.data };
}

/**
 * The tire pressures of a form as a react-hook-form form (useZodForm with tireSchema): the rows and
 * note as typed, following `data` (and `units`) until the user edits (useFollowingForm). Answers the
 * section's `value`, `onChange` and `errors` (by row key, as refused at the last submit: a row
 * removed since takes its messages with it) for TirePressuresSection, `followed` (the answer the
 * values were last filled from) and `handleSubmit`, whose `onValid` gets `{ body, changed }`.
 * `saved`: what is stored now (default `data`), for `changed`.
 */
export function useTireSectionForm(data: TirePressures | undefined, units: TeamUnits, saved: TirePressures | undefined = data) {
  const schema = useMemo(() => tireSchema(data, units, saved), [data, units, saved]);
  const { form, followed } = useFollowingSectionForm(schema, data, units, tireFormState);
  const value: TireFormState = form.watch();
  const onChange = (next: TireFormState) => {
    if (next.rows !== value.rows) form.setValue('rows', next.rows, { shouldDirty: true });
    if (next.notes !== value.notes) form.setValue('notes', next.notes, { shouldDirty: true });
  };
  // The rows as they were at the last submit: the errors' row indexes are theirs.
  const [checkedKeys, setCheckedKeys] = useState<string[]>([]);
  const rowErrors = form.formState.errors.rows;
  const errors: TireErrors = {};
  checkedKeys.forEach((key, index) => {
    const refused = rowErrors?.[index];
    if (!refused) return;
    const row: TireErrors[string] = {};
    if (refused.condition?.message) row.condition = refused.condition.message;
    for (const corner of TIRE_CORNERS) {
      const message = refused.corners?.[corner.key]?.message;
      if (message) row[corner.key] = message;
    }
    errors[key] = row;
  });
  const handleSubmit =
    (onValid: (output: SectionOutput<TirePressuresValues>) => unknown, onInvalid?: () => void) =>
    (event?: BaseSyntheticEvent) => {
      setCheckedKeys(form.getValues('rows').map((row) => row.key));
      return form.handleSubmit(onValid, onInvalid)(event);
    };
  return { value, onChange, errors, followed, handleSubmit, isSubmitting: form.formState.isSubmitting };
}

/**
 * The suspension of a form as a react-hook-form form (useZodForm with suspensionSchema): the fields
 * and notes as typed, following `data` (and `units`) until the user edits (useFollowingForm).
 * Answers `value`, `onChange` and `errors` (by field) for SuspensionSection, `followed` (the
 * answer the values were last filled from) and `handleSubmit`, whose `onValid` gets
 * `{ body, changed }`. `saved`: what is stored now (default `data`), for `changed`.
 */
export function useSuspensionSectionForm(data: Suspension | null | undefined, units: TeamUnits, saved: Suspension | null | undefined = data) {
  const schema = useMemo(() => suspensionSchema(data, units, saved), [data, units, saved]);
  const { form, followed } = useFollowingSectionForm(schema, data, units, suspensionFormState);
  const value: SuspensionFormState = form.watch();
  const onChange = (next: SuspensionFormState) => {
    if (next.fields !== value.fields) form.setValue('fields', next.fields, { shouldDirty: true });
    if (next.notes !== value.notes) form.setValue('notes', next.notes, { shouldDirty: true });
  };
  const refused = form.formState.errors;
  const errors: Partial<Record<SuspensionKey | 'notes', string>> = {};
  for (const f of SUSPENSION_FIELDS) {
    const message = refused.fields?.[f.key]?.message;
    if (message) errors[f.key] = message;
  }
  if (refused.notes?.message) errors.notes = refused.notes.message;
  const handleSubmit = (onValid: (output: SectionOutput<SuspensionValues>) => unknown, onInvalid?: () => void) => form.handleSubmit(onValid, onInvalid);
  return { value, onChange, errors, followed, handleSubmit, isSubmitting: form.formState.isSubmitting };
}
