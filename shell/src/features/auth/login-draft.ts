import { useEffect } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

/** What was typed on the login screen, shared by its tabs so switching tabs keeps it. */
export interface LoginDraft {
  teamName: string;
  ownerName: string;
  email: string;
  username: string;
  password: string;
}

/** An empty draft (every field ''). */
export function emptyLoginDraft(): LoginDraft {
  return { teamName: '', ownerName: '', email: '', username: '', password: '' };
}

/** Copies every change of a react-hook-form form into `onDraftChange` (for the next tab to start from). */
export function useDraftSync<T extends FieldValues>(watch: UseFormWatch<T>, onDraftChange: (values: Partial<LoginDraft>) => void): void {
  useEffect(() => {
    const subscription = watch((values) => onDraftChange(values as Partial<LoginDraft>));
    return () => subscription.unsubscribe();
  }, [watch, onDraftChange]);
}
