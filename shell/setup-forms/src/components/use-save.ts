import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage, useToast } from '@pitwall/kit';

/** What a form's values come to: the body to save, or the errors to show by field. */
export type Checked<B, E> = { ok: true; body: B } | { ok: false; errors: E };

/**
 * Submit state of a setup form: `saving` while the save runs; after a refused validation the
 * first invalid field gets the focus (with its text selected, see MeasureField) so a phone user
 * sees what to fix without scrolling.
 */
export function useSubmitState() {
  const formRef = useRef<HTMLFormElement>(null);
  const [saving, setSaving] = useState(false);
  const [invalidAttempt, setInvalidAttempt] = useState(0);
  useEffect(() => {
    if (invalidAttempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidAttempt]);
  return { formRef, saving, setSaving, refused: () => setInvalidAttempt((n) => n + 1) };
}

/**
 * The save of a setup form: `saveWithToasts(save)` runs `save()`, then toasts `success` and calls
 * `onDone()`, or toasts '{failure}: {reason}' and leaves the form open (docs/product.md, 'Errors and
 * messages'). For the react-hook-form forms' handleSubmit and for useSaveForm.
 */
export function useSaveWithToasts({ success, failure, onDone }: { success: string; failure: string; onDone: () => void }) {
  const toast = useToast();
  return async (save: () => Promise<unknown>): Promise<void> => {
    try {
      await save();
      toast.success(success);
      onDone();
    } catch (error) {
      toast.error(`${failure}: ${errorMessage(error)}`);
    }
  };
}

/**
 * Submit of a one-section form: `check()` the values; refused → `errors`; else `save(body)`, then
 * toast `success` and `onDone()`, or toast '{failure}: {reason}' and stay open (docs/product.md, 'Errors and messages').
 */
export function useSaveForm<B, E>({ check, save, success, failure, onDone }: { check: () => Checked<B, E>; save: (body: B) => Promise<unknown>; success: string; failure: string; onDone: () => void }) {
  const saveWithToasts = useSaveWithToasts({ success, failure, onDone });
  const [errors, setErrors] = useState<E | undefined>(undefined);
  const { formRef, saving, setSaving, refused } = useSubmitState();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = check();
    if (!result.ok) {
      setErrors(result.errors);
      refused();
      return;
    }
    setErrors(undefined);
    setSaving(true);
    try {
      await saveWithToasts(() => save(result.body));
    } finally {
      setSaving(false);
    }
  };
  return { formRef, saving, errors, submit };
}
