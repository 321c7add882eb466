import { Button } from './button';

export interface FormActionsProps {
  /** The submit button's text while idle: 'Save', 'Add Issue', 'Save Changes', … (the spec's words). */
  submitLabel: string;
  /** The submit button's text while `isSaving`; default 'Saving...'. */
  pendingLabel?: string;
  /** True while the form is being sent: the submit button is disabled and reads `pendingLabel`. */
  isSaving: boolean;
  /** What 'Cancel' does (close the dialog, leave edit mode). */
  onCancel: () => void;
}

/** The row under a form: 'Cancel' (secondary), then the submit button. */
export function FormActions({ submitLabel, pendingLabel = 'Saving...', isSaving, onCancel }: FormActionsProps) {
  return (
    <div className="pw-form-actions">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={isSaving}>
        {isSaving ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
