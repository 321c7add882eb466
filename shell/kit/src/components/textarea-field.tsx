import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { Field } from '@ark-ui/react/field';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  /** Visible label, tied to the textarea. */
  label: ReactNode;
  /** Error text under the control; sets aria-invalid and aria-describedby. */
  error?: string | undefined;
  helperText?: ReactNode;
  className?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text input (Ark UI Field.Textarea). Works with react-hook-form's `register`. */
export function TextAreaField({ label, error, helperText, className, required, disabled, rows = 3, ...textarea }: TextAreaFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} className={['pw-field', className].filter(Boolean).join(' ')}>
      <Field.Label className="pw-field__label">{label}</Field.Label>
      <Field.Textarea className="pw-input pw-textarea" rows={rows} {...textarea} />
      {helperText && <Field.HelperText className="pw-field__help">{helperText}</Field.HelperText>}
      <Field.ErrorText className="pw-field__error">{error}</Field.ErrorText>
    </Field.Root>
  );
}
