import { Button } from '@pitwall/kit';

/** Cancel and the save button ('Saving...' while pending) of a setup form. */
export function FormActions({ onCancel, saving, saveLabel }: { onCancel: () => void; saving: boolean; saveLabel: string }) {
  return (
    <div className="pw-form-actions">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : saveLabel}
      </Button>
    </div>
  );
}
