import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { get, type FieldErrors } from 'react-hook-form';
import { SETUP_SHEET_FIELDS, SHEET_CORNER_LABELS, SHEET_CORNERS, setupSheetFieldLabel, type PutSetupSheetBody, type SetupSheet, type SetupSheetField, type SheetCorner } from '@pitwall/contracts';
import { ApiError, FormActions, Tabs, TextAreaField, errorMessage, useLastLiveChange, useToast } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { changedElsewhereOf } from '../lib/changed-elsewhere';
import { useFollowingForm } from '../lib/following-state';
import { useSubmitState } from '../components/use-save';
import { CORNER_SETTING_PATHS, cornerPath, SHEET_GROUPS, sheetTexts } from './sheet-layout';
import { refusedField, SetupSheetFormSchema, sheetFormValues, type SheetFormValues } from './sheet-form-values';
import { SheetField } from './sheet-field';
import styles from './setup-sheet.module.css';

export interface SetupSheetFormProps {
  /** The sheet the form opens with: the car's, or a race event's effective one (null/undefined: nothing recorded yet). */
  initial: SetupSheet | null | undefined;
  /** The values shown as 'was …' (default: what the form was filled from). */
  previous?: SetupSheet | null | undefined;
  /** Saves the complete sheet (the API's nested body); rejects with the server's refusal. */
  onSave: (body: PutSetupSheetBody) => Promise<unknown>;
  /** Called after a successful save and on Cancel. */
  onDone: () => void;
  /** 'Save' on the car record, 'Save Changes' on a race event's full-page form. */
  saveLabel?: string;
  /** Shown above the fields inside the form, e.g. 'Start from <previous race event>' (refill: a new `key` and those values as `initial`). */
  header?: ReactNode;
}

/** The corner a field belongs to, or null for a car-wide field. */
const cornerOf = (path: SetupSheetField) => (path.startsWith('corners.') ? (path.split('.')[1] as SheetCorner) : null);

/**
 * 'Edit Setup Sheet' (docs/product.md, 'Setup sheet'), for the mechanic's phone: one corner at a
 * time (FL, FR, RL, RR tabs), every setting on the numeric keypad with its unit in its label; Enter
 * moves to the next field and from a corner's last field to the next corner's first. Then aero,
 * brakes, differential, electronics, anti-roll bars, ballast and notes. Blank = not recorded. The
 * ranges are the contract's (checked here, and by the server, whose 400 names the field: the form
 * shows it under that field, on its corner). On a race event the values it inherits are noted
 * 'From the car'; the whole sheet is saved, and the server keeps what differs from the car's as the
 * race event's own. Toasts 'Setup sheet updated successfully' or 'Failed to update setup sheet: {reason}'.
 */
export function SetupSheetForm({ initial, previous, onSave, onDone, saveLabel = 'Save', header }: SetupSheetFormProps) {
  const toast = useToast();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useZodForm(SetupSheetFormSchema, { defaultValues: sheetFormValues(initial) });
  const filledFrom = useFollowingForm(initial, isDirty, (sheet) => reset(sheetFormValues(sheet)));
  const teammate = useLastLiveChange('SetupSheetSet');
  const filled = sheetTexts(filledFrom ?? {});
  const was = previous === undefined ? filled : sheetTexts(previous ?? {});
  const elsewhere: Partial<Record<SetupSheetField, string>> = filledFrom === initial ? {} : changedElsewhereOf(SETUP_SHEET_FIELDS, filled, sheetTexts(initial ?? {}), teammate);
  const inheritedFrom = (path: SetupSheetField) => (filledFrom?.eventId != null && !filledFrom.ownFields.includes(path) ? filled[path] : '');

  const [corner, setCorner] = useState<SheetCorner>('fl');
  const { formRef, refused } = useSubmitState();
  const focusFirstField = useRef(false);
  useEffect(() => {
    if (!focusFirstField.current) return;
    focusFirstField.current = false;
    formRef.current?.querySelector<HTMLInputElement>('.pw-tabs__content input')?.focus();
  }, [corner, formRef]);

  /** Shows the first refused field: its corner's tab, then the focus on it (useSubmitState). */
  const showRefused = (path: SetupSheetField | undefined) => {
    const on = path && cornerOf(path);
    if (on) setCorner(on);
    refused();
  };

  /** Enter on a corner's last field goes on to the next corner's first, not to the car-wide fields. */
  const onCornerKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = SHEET_CORNERS[SHEET_CORNERS.indexOf(corner) + 1];
    if (event.key !== 'Enter' || !next || event.target !== [...event.currentTarget.querySelectorAll('input')].at(-1)) return;
    event.preventDefault();
    event.stopPropagation();
    focusFirstField.current = true;
    setCorner(next);
  };

  const onSubmit = handleSubmit(
    async (body) => {
      try {
        await onSave(body);
        toast.success('Setup sheet updated successfully');
        onDone();
      } catch (error) {
        const refusal = error instanceof ApiError && error.status === 400 ? refusedField(error.serverMessage) : null;
        if (refusal) {
          setError(refusal.path, { type: 'server', message: refusal.reason });
          showRefused(refusal.path);
        }
        toast.error(`Failed to update setup sheet: ${refusal ? `${setupSheetFieldLabel(refusal.path)}: ${refusal.reason}` : errorMessage(error)}`);
      }
    },
    (errors: FieldErrors<SheetFormValues>) => showRefused(SETUP_SHEET_FIELDS.find((f) => get(errors, f))),
  );

  const field = (path: SetupSheetField) => <SheetField key={path} path={path} control={control} previous={was[path]} inherited={inheritedFrom(path)} changedElsewhere={elsewhere[path]} />;

  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Edit Setup Sheet">
      {header}
      <Tabs
        label="Corner"
        value={corner}
        onValueChange={(value) => setCorner(value as SheetCorner)}
        items={SHEET_CORNERS.map((c) => ({
          value: c,
          label: SHEET_CORNER_LABELS[c],
          content: (
            <div className={styles.cornerFields} onKeyDownCapture={onCornerKeyDown}>
              {CORNER_SETTING_PATHS.map((setting) => field(cornerPath(c, setting)))}
            </div>
          ),
        }))}
      />
      {SHEET_GROUPS.map((g) => (
        <fieldset key={g.title} className={styles.groupFields}>
          <legend>{g.title}</legend>
          {g.fields.map(field)}
        </fieldset>
      ))}
      <div className={styles.formNotes}>
        <TextAreaField
          label={setupSheetFieldLabel('notes')}
          error={(get(errors, 'notes') as { message?: string } | undefined)?.message}
          helperText={inheritedFrom('notes') ? 'From the car' : undefined}
          {...register('notes')}
        />
      </div>
      <FormActions onCancel={onDone} isSaving={isSubmitting} submitLabel={saveLabel} />
    </form>
  );
}
