import { useController, type Control } from 'react-hook-form';
import { SETUP_SHEET_RANGES, setupSheetFieldLabel, type SetupSheetField } from '@pitwall/contracts';
import { MeasureField } from '../components/measure-field';
import { isSheetNumber } from './sheet-layout';
import type { SheetFormOutput, SheetFormValues } from './sheet-form-values';

export interface SheetFieldProps {
  path: SetupSheetField;
  control: Control<SheetFormValues, unknown, SheetFormOutput>;
  /** The value when the form opened, shown as 'was …'. */
  previous: string;
  /** The value the race event inherits from the car's sheet ('' when its own or none): noted 'From the car' while it is unchanged. */
  inherited: string;
  /** A teammate's save of this field while it is being edited. */
  changedElsewhere: string | undefined;
}

/** The lowest value a number field takes (SETUP_SHEET_RANGES; a damper's range is 'clicks'). */
function minimumOf(path: SetupSheetField): number {
  const key = path.includes('.damper.') ? 'clicks' : path.split('.').at(-1)!;
  return SETUP_SHEET_RANGES[key as keyof typeof SETUP_SHEET_RANGES][0];
}

/**
 * One field of the setup sheet form, labelled as the contracts name it with its unit ('FL camber
 * (°)', 'Diff preload (Nm)', 'Sheet notes'): a number on the decimal keypad (clicks on the numeric
 * one; a ± button for those that may be negative, since iOS's decimal keypad has no minus; cambers
 * start negative) or a text. Enter moves to the next field (MeasureField).
 */
export function SheetField({ path, control, previous, inherited, changedElsewhere }: SheetFieldProps) {
  const { field, fieldState } = useController({ name: path, control });
  const number = isSheetNumber(path);
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <MeasureField
      label={setupSheetFieldLabel(path)}
      kind={number ? 'plain' : 'text'}
      mode={number ? 'number' : 'text'}
      unit={null}
      keypad={path.includes('.damper.') ? 'numeric' : 'decimal'}
      signed={number && minimumOf(path) < 0}
      negativeByDefault={path.endsWith('.camberDeg')}
      value={value}
      onChange={field.onChange}
      previous={previous}
      note={inherited !== '' && value === inherited ? 'From the car' : undefined}
      changedElsewhere={changedElsewhere}
      error={fieldState.error?.message}
    />
  );
}
