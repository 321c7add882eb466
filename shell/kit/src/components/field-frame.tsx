import { useId, type ReactNode } from 'react';

/** What every labelled field of the kit shows around its control. */
export interface FieldFrameProps {
  /** Visible label, tied to the control (`<label for>`): the control's accessible name. */
  label: ReactNode;
  /** Error text shown under the control; sets aria-invalid and aria-errormessage. */
  error?: string | undefined;
  /** Help text under the control; its accessible description (aria-describedby). */
  helperText?: ReactNode;
  className?: string;
}

/** The attributes FieldFrame gives its control: its id, state and the ids of its texts. */
interface FieldControlProps {
  id: string;
  required: boolean | undefined;
  disabled: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-errormessage': string | undefined;
}

interface FieldFrameOwnProps extends FieldFrameProps {
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  /** Renders the control with the attributes that tie it to the label, the help and the error. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A field's frame from plain elements (kept out of Ark UI's Field so the shell's initial JS does not
 * carry Ark's field machinery; bench section 5): the label, the control rendered by `children`, the
 * help text and, while `error` is set, the error text (announced politely). The same wiring as Ark's
 * Field: the root is an unnamed group marked `data-invalid`/`data-disabled`, the help text describes
 * the control, the error is its error message.
 */
export function FieldFrame({ label, error, helperText, className, required, disabled, children }: FieldFrameOwnProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  return (
    <div
      role="group"
      className={['pw-field', className].filter(Boolean).join(' ')}
      data-invalid={error ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
    >
      <label className="pw-field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        required,
        disabled,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': helperText ? helpId : undefined,
        'aria-errormessage': error ? errorId : undefined,
      })}
      {helperText && (
        <span id={helpId} className="pw-field__help">
          {helperText}
        </span>
      )}
      {error && (
        <span id={errorId} className="pw-field__error" aria-live="polite">
          {error}
        </span>
      )}
    </div>
  );
}
