import type { InputHTMLAttributes, Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, type FieldFrameProps } from './field-frame';

export interface TextFieldProps extends FieldFrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input. Works with react-hook-form's `register`. */
export function TextField({ label, error, helperText, className, required, disabled, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} helperText={helperText} className={className} required={required} disabled={disabled}>
      {(control) => <input className="pw-input" {...control} {...input} />}
    </FieldFrame>
  );
}

export interface SelectFieldProps extends FieldFrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  options: readonly (string | { value: string; label: string })[];
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select: big, native and accessible on phones. */
export function SelectField({ label, error, helperText, className, options, required, disabled, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} helperText={helperText} className={className} required={required} disabled={disabled}>
      {(control) => (
        <select className="pw-input pw-select" {...control} {...select}>
          {options.map((option) => {
            const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </FieldFrame>
  );
}
