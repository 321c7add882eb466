import { z } from 'zod';
import { nestSetupSheet, PutSetupSheetBody, SETUP_SHEET_FIELDS, type SetupSheetField } from '@pitwall/contracts';
import { isSheetNumber, sheetTexts } from './sheet-layout';

/**
 * The setup sheet form's values and their schema (react-hook-form + zodResolver): every field is the
 * text of its input, nested as the API's sheet is ('corners.fl.camberDeg' is the field's name, so
 * react-hook-form keeps the values in the API's shape). The schema reads each number (a decimal
 * comma is a point; blank = not recorded) and then checks the whole with the contract's
 * PutSetupSheetBody, so the ranges and their messages are the server's ('must be from -10 to 5°').
 */

/** The form's values: the text of every field, nested as the API's sheet. */
export type SheetFormValues = Record<string, unknown>;

/** A number field's text: '' (or a sign alone, as the ± button leaves an empty field) → null, '-3,2' → -3.2, anything else refused. */
const numberText = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (text === '' || text === '+' || text === '-') return null;
    const value = Number(text.replace(',', '.'));
    if (Number.isFinite(value)) return value;
    ctx.addIssue({ code: 'custom', message: 'must be a number' });
    return z.NEVER;
  });

/** A text field's text as entered, '' → null (the contract trims and limits its length). */
const text = z.string().transform((t) => (t.trim() === '' ? null : t));

/** The object schema of a nested node whose leaves are schemas. */
function objectOf(node: Record<string, unknown>): z.ZodObject {
  return z.object(Object.fromEntries(Object.entries(node).map(([key, child]) => [key, child instanceof z.ZodType ? child : objectOf(child as Record<string, unknown>)])));
}

/** The form's schema: texts in, the PUT body out (PutSetupSheetBody's output). */
export const SetupSheetFormSchema = objectOf(nestSetupSheet(Object.fromEntries(SETUP_SHEET_FIELDS.map((f) => [f, isSheetNumber(f) ? numberText : text])) as never)).pipe(PutSetupSheetBody);

/** What the form's schema makes of its values: the PUT body. */
export type SheetFormOutput = z.output<typeof SetupSheetFormSchema>;

/** The form's values of a sheet (the API's answer, or nothing: every field blank). */
export function sheetFormValues(sheet: Readonly<Record<string, unknown>> | null | undefined): SheetFormValues {
  return nestSetupSheet(sheetTexts(sheet ?? {}) as never);
}

/** The field a server refusal names ('corners fl camberDeg: must be …' → 'corners.fl.camberDeg' and its reason), or null. */
export function refusedField(message: string | undefined): { path: SetupSheetField; reason: string } | null {
  const match = /^([A-Za-z]+(?: [A-Za-z]+)*): (.+)$/s.exec(message ?? '');
  const path = match && SETUP_SHEET_FIELDS.find((f) => f === match[1]!.replace(/ /g, '.'));
  return path ? { path, reason: match[2]! } : null;
}
