import { useId } from 'react';
import { NewTeamBody } from '@pitwall/contracts';
import { Dialog, failureText, TextField, useToast, useCreateTeam, FormActions } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import styles from './teams.module.css';

const EMPTY_TEAM = { name: '', description: '' };

/**
 * 'Create New Team' (docs/product.md, 'Teams', 'Validation'): team name (at least 2 characters) and an optional
 * description. On success the dialog closes and resets and the caller is the new team's owner.
 */
export function CreateTeamDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const toast = useToast();
  const createTeam = useCreateTeam();
  const descriptionId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(NewTeamBody, { defaultValues: EMPTY_TEAM });

  const close = () => {
    reset(EMPTY_TEAM);
    onOpenChange(false);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createTeam.mutateAsync(values);
      toast.toast({ title: 'Team created successfully', description: 'You have been added as the owner.' });
      close();
    } catch (error) {
      console.warn('Failed to create team', error);
      toast.error(failureText('Failed to create team. Please try again.', error));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Create New Team"
      description="Create a team for your cars and crew. You will be its owner."
    >
      <form className="pw-form-grid" onSubmit={onSubmit} noValidate>
        <TextField label="Team Name" placeholder="e.g. Apex Garage Racing" error={errors.name?.message} {...register('name')} />
        <div className="pw-field">
          <label className="pw-field__label" htmlFor={descriptionId}>
            Description
          </label>
          <textarea
            id={descriptionId}
            className={`pw-input ${styles.textarea}`}
            placeholder="What this team races (optional)"
            {...register('description')}
          />
        </div>
        <FormActions submitLabel="Create Team" pendingLabel="Creating..." isSaving={isSubmitting} onCancel={close} />
      </form>
    </Dialog>
  );
}
