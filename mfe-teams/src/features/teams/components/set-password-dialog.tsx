import { MemberPasswordBody, type TeamMember } from '@pitwall/contracts';
import { ApiError, Dialog, FormActions, TextField, useSetImportedMemberPassword, useToast } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { memberName } from './roles';

/**
 * 'Set password' for a member recreated by importing the team (`awaitsPassword`): the owner gives
 * them their first password (the rules of a new account: at least 6 characters, hard to guess,
 * not containing the username; the server's refusal is shown on the field). Afterwards the owner
 * reactivates the member (Edit → Active) and gives them the password; it can be set only once.
 */
export function SetPasswordDialog({ teamId, member, onClose }: { teamId: number; member: TeamMember | null; onClose: () => void }) {
  const toast = useToast();
  const setPassword = useSetImportedMemberPassword(teamId);
  const form = useZodForm(MemberPasswordBody, { defaultValues: { password: '' } });
  const { register, handleSubmit, reset, setError } = form;
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    reset({ password: '' });
    onClose();
  };

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!member) return;
    try {
      await setPassword.mutateAsync({ memberId: member.id, password });
      toast.success('Password set. Reactivate the member and give them their password.');
      close();
    } catch (error) {
      console.warn('Failed to set the password', error);
      if (error instanceof ApiError && error.status === 400 && error.serverMessage) {
        setError('password', { message: error.serverMessage.replace(/^password: /, '') });
        return;
      }
      toast.error('Failed to set the password. Please try again.');
    }
  });

  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && close()}
      title="Set password"
      description={member ? `${memberName(member)} came with the imported team and has no password yet. Set one, reactivate them, then give them their username and password.` : ''}
    >
      <form className="pw-form-grid" onSubmit={onSubmit} noValidate>
        <TextField label="New password" type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <FormActions submitLabel="Set password" pendingLabel="Setting..." isSaving={isSubmitting} onCancel={close} />
      </form>
    </Dialog>
  );
}
