import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { MEMBER_COLORS } from '@pitwall/contracts';
import { SwatchPicker } from '@pitwall/kit';

/** The 'Member Color' swatch picker of a member form, bound to the form's `memberColor` field. */
export function MemberColorField<T extends FieldValues & { memberColor: string }>({ control, error }: { control: Control<T>; error: string | undefined }) {
  return (
    <Controller
      control={control}
      name={'memberColor' as Path<T>}
      render={({ field }) => (
        <SwatchPicker label="Member Color" name={field.name} swatches={MEMBER_COLORS} value={field.value} onChange={field.onChange} error={error} />
      )}
    />
  );
}
