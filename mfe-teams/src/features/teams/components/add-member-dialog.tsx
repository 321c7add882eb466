import { NewMemberBody } from '@pitwall/contracts';
import { ApiError, Dialog, failureText, SelectField, TextField, useToast, useAddTeamMember, FormActions } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { ASSIGNABLE_ROLE_OPTIONS } from './roles';
import { MemberColorField } from './member-color-field';
import styles from './teams.module.css';

function emptyMember() {
  return { username: '', password: '', firstName: '', lastName: '', role: 'member' as const, memberColor: '' };
}

/**
 * 'Add Member' (docs/product.md, 'Teams', 'Validation'): the new member's login (username, password), names,
 * role (admin, mechanic, driver, member; default member) and colour from the palette of ten.
 * On success the dialog closes and resets. A username that is taken is also shown on its field.
 */
export function AddMemberDialog({ teamId, open, onOpenChange }: { teamId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const toast = useToast();
  const addMember = useAddTeamMember(teamId);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(NewMemberBody, { defaultValues: emptyMember() });

  const close = () => {
    reset(emptyMember());
    onOpenChange(false);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await addMember.mutateAsync(values);
      toast.success('Member added successfully');
      close();
    } catch (error) {
      console.warn('Failed to add member', error);
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
        setError('username', { message: error.serverMessage });
      }
      toast.error(failureText('Failed to add team member. Please try again.', error));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Add Member"
      description="Create a login for a team member. Give them the username and password; they sign in through 'Team Member'."
    >
      <form className="pw-form-grid" onSubmit={onSubmit} noValidate>
        <div className={styles.twoColumns}>
          <TextField label="First Name" autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
          <TextField label="Last Name" autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
        </div>
        <div className={styles.twoColumns}>
          <TextField label="Username" autoComplete="off" autoCapitalize="none" spellCheck={false} error={errors.username?.message} {...register('username')} />
          <TextField label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        </div>
        <SelectField label="Role" options={ASSIGNABLE_ROLE_OPTIONS} error={errors.role?.message} {...register('role')} />
        <MemberColorField control={control} error={errors.memberColor?.message} />
        <FormActions submitLabel="Add Member" pendingLabel="Adding..." isSaving={isSubmitting} onCancel={close} />
      </form>
    </Dialog>
  );
}
