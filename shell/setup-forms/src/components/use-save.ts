import { useEffect, useRef, useState } from 'react';

/**
 * Submit state of a setup form: `saving` while the save runs; after a refused validation the
 * first invalid field gets the focus (so a phone user sees what to fix without scrolling).
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
