import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, type FieldFrameProps } from './field-frame';

export interface TextAreaFieldProps extends FieldFrameProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text input. Works with react-hook-form's `register`. */
export function TextAreaField({ label, error, helperText, className, required, disabled, rows = 3, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} helperText={helperText} className={className} required={required} disabled={disabled}>
      {(control) => <textarea className="pw-input pw-textarea" rows={rows} {...control} {...textarea} />}
    </FieldFrame>
  );
}
