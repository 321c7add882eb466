import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field } from '@ark-ui/react/field';

interface FieldFrameProps {
  /** Visible label, tied to the control. */
  label: ReactNode;
  /** Error text shown under the control; sets aria-invalid and aria-describedby. */
  error?: string | undefined;
  /** Help text under the control. */
  helperText?: ReactNode;
  className?: string;
}

export interface TextFieldProps extends FieldFrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input (Ark UI Field). Works with react-hook-form's `register`. */
export function TextField({ label, error, helperText, className, required, disabled, ...input }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} className={['pw-field', className].filter(Boolean).join(' ')}>
      <Field.Label className="pw-field__label">{label}</Field.Label>
      <Field.Input className="pw-input" {...input} />
      {helperText && <Field.HelperText className="pw-field__help">{helperText}</Field.HelperText>}
      <Field.ErrorText className="pw-field__error">{error}</Field.ErrorText>
    </Field.Root>
  );
}

export interface SelectFieldProps extends FieldFrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  options: readonly (string | { value: string; label: string })[];
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select (Ark UI Field.Select): big, native and accessible on phones. */
export function SelectField({ label, error, helperText, className, options, required, disabled, ...select }: SelectFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} className={['pw-field', className].filter(Boolean).join(' ')}>
      <Field.Label className="pw-field__label">{label}</Field.Label>
      <Field.Select className="pw-input pw-select" {...select}>
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </Field.Select>
      {helperText && <Field.HelperText className="pw-field__help">{helperText}</Field.HelperText>}
      <Field.ErrorText className="pw-field__error">{error}</Field.ErrorText>
    </Field.Root>
  );
}
