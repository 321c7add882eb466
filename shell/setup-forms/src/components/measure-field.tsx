import { useId, useRef, type FocusEvent } from 'react';
import type { TeamUnits } from '@pitwall/contracts';
import { entryUnit, unitLabel, type MeasureKind } from '../units/measurement';
import type { FieldMode } from '../lib/setup-values';
import { focusNextFieldOnEnter } from '../lib/next-field';
import styles from './setup-forms.module.css';

export interface MeasureFieldProps {
  /** Visible label, e.g. 'Front Left' or 'Front Camber'. */
  label: string;
  /** What the field measures; 'text' fields never get the decimal keypad; 'plain': a number in the unit `unit` names, never converted. */
  kind: MeasureKind | 'plain';
  /** 'number': decimal keypad, the unit beside the field; 'text': a stored value that is not a number, edited as text. */
  mode: FieldMode;
  /** The team's units (pressure psi|bar, temperature C|F): the unit beside a number comes from them and `kind` unless `unit` is given. */
  units?: TeamUnits | undefined;
  /** The unit shown beside a number instead of `kind`'s entry unit; null: none (the label names it, e.g. 'FL camber (°)'). */
  unit?: string | null | undefined;
  /** The keypad of a number: 'decimal' (default), or 'numeric' for whole numbers (damper clicks). */
  keypad?: 'decimal' | 'numeric';
  /** The text shown: a number in the entry unit without the unit ('33.5', '-3.0'), or free text. */
  value: string;
  onChange: (value: string) => void;
  /** The value the field had when the form opened, shown as 'was …' (nothing when blank). */
  previous?: string | null | undefined;
  /** Someone else's save of this field while it is being edited ('Ana set -3.8° at 14:35; was -3.4°'), shown under it. */
  changedElsewhere?: string | undefined;
  error?: string | undefined;
  placeholder?: string | undefined;
  /** A short line under the field saying where its value came from (e.g. 'from FP1'); nothing when absent. */
  note?: string | undefined;
  /**
   * A number that may be negative (camber): a ± button beside the field holds the sign and the
   * input holds the digits, because iOS's decimal keypad has no minus key. Typing replaces the
   * digits and keeps the sign; a typed '-' or '+' sets it. `negativeByDefault` is the sign of an
   * empty field (cambers are negative on nearly every race car).
   */
  signed?: boolean;
  negativeByDefault?: boolean;
}

/**
 * A labelled setup field: a number in its unit (inputmode="decimal", the unit shown beside it, not
 * typed) or text, with the previous value under it. Focusing selects the whole text, so one tap
 * and the digits replace it; Enter (the keypad's 'next') moves to the next field, it does not submit.
 */
export function MeasureField({ label, kind, mode, units, unit: unitShown, keypad = 'decimal', value, onChange, previous, changedElsewhere, error, placeholder, note, signed = false, negativeByDefault = false }: MeasureFieldProps) {
  const id = useId();
  const numeric = mode === 'number' && kind !== 'text';
  const withSign = numeric && signed;
  const negative = withSign && (value.startsWith('-') || (value === '' && negativeByDefault));
  const shown = withSign ? value.replace(/^[+-]/, '') : value;
  const unit = !numeric ? null : unitShown !== undefined ? unitShown : units && kind !== 'plain' ? unitLabel(entryUnit(kind as Exclude<MeasureKind, 'text'>, units)) : null;
  const justFocused = useRef(false);

  // '+' alone keeps an explicit positive sign on an empty field that would otherwise show negative.
  const withSignOf = (digits: string, isNegative: boolean) => (isNegative ? `-${digits}` : digits === '' ? '+' : digits);
  const change = (typed: string) => {
    if (!withSign) return onChange(typed);
    const isNegative = typed.includes('-') ? true : typed.includes('+') ? false : negative;
    onChange(withSignOf(typed.replace(/[+-]/g, ''), isNegative));
  };

  const select = (event: FocusEvent<HTMLInputElement>) => {
    event.currentTarget.select();
    justFocused.current = true;
  };

  const describedBy = [unit && `${id}-unit`, previous?.trim() && `${id}-was`, changedElsewhere && `${id}-elsewhere`, note && `${id}-note`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="pw-field">
      <label htmlFor={id} className="pw-field__label">
        {label}
      </label>
      <div className={styles.control}>
        {withSign && (
          <button
            type="button"
            className={styles.sign}
            aria-label={negative ? `Make ${label} positive` : `Make ${label} negative`}
            onClick={() => onChange(withSignOf(shown, !negative))}
          >
            {negative ? '−' : '+'}
          </button>
        )}
        <input
          id={id}
          className="pw-input"
          type="text"
          inputMode={numeric ? keypad : 'text'}
          enterKeyHint="next"
          autoComplete="off"
          placeholder={placeholder}
          value={shown}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => change(e.target.value)}
          onFocus={select}
          // The keypad's 'next' key sends Enter: go to the next field instead of submitting the form.
          onKeyDown={focusNextFieldOnEnter}
          // The click that focused the field would put the caret back: keep the selection.
          onMouseUp={(e) => {
            if (justFocused.current) e.preventDefault();
            justFocused.current = false;
          }}
        />
        {unit && (
          <span id={`${id}-unit`} className={styles.unit}>
            {unit}
          </span>
        )}
      </div>
      {previous?.trim() && (
        <p id={`${id}-was`} className={styles.was}>
          was {previous}
        </p>
      )}
      {changedElsewhere && (
        <p id={`${id}-elsewhere`} className={styles.elsewhere} role="status">
          {changedElsewhere}
        </p>
      )}
      {note && (
        <p id={`${id}-note`} className={styles.was}>
          {note}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="pw-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
