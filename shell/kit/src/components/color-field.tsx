import { useId, type ReactNode } from 'react';

export interface ColorFieldProps {
  /** Visible label of the text input; the picker is labelled '{label} picker'. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: string | undefined;
  helperText?: ReactNode;
}

/** '#abc' → '#aabbcc'; anything not a hex colour → black (the picker accepts only #rrggbb). */
function toPickerValue(value: string): string {
  if (/^#[0-9a-fA-F]{6}$/.test(value)) return value.toLowerCase();
  const short = /^#([0-9a-fA-F])([0-9a-fA-F])([0-9a-fA-F])$/.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return '#000000';
}

/** A colour picker plus a hex text input, both labelled, kept in step (controlled). */
export function ColorField({ label, value, onChange, onBlur, name, error, helperText }: ColorFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [error ? errorId : null, helperText ? helpId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="pw-field" data-invalid={error ? '' : undefined}>
      <label className="pw-field__label" htmlFor={`${id}-text`}>
        {label}
      </label>
      <div className="pw-color">
        <input
          type="color"
          className="pw-color__picker"
          aria-label={`${label} picker`}
          value={toPickerValue(value)}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          id={`${id}-text`}
          name={name}
          className="pw-input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      {helperText && (
        <span id={helpId} className="pw-field__help">
          {helperText}
        </span>
      )}
      {error && (
        <span id={errorId} className="pw-field__error">
          {error}
        </span>
      )}
    </div>
  );
}
