import type { KeyboardEvent } from 'react';

/**
 * Enter in a field of a form (a phone keypad's 'next' key sends Enter) moves to the form's next
 * enabled input or textarea instead of submitting the form; on the last one it stays. Other keys pass.
 * For `onKeyDown` of inputs with `enterKeyHint="next"`.
 */
export function focusNextFieldOnEnter(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const fields = [...(event.currentTarget.form?.querySelectorAll<HTMLElement>('input:not([type="hidden"]):not([disabled]), textarea') ?? [])];
  fields[fields.indexOf(event.currentTarget) + 1]?.focus();
}
