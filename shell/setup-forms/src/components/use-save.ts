import { useEffect, useRef, useState } from 'react';
import { errorMessage, useToast } from '@pitwall/kit';

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
 * messages'). For the react-hook-form forms' handleSubmit.
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
