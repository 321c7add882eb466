import { SetupTeamBody } from '@pitwall/contracts';
import { Button, TextField, useAuth } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { authErrorText } from './auth-error';
import { useDraftSync, type LoginDraft } from './login-draft';

/** Setup Team tab: creates the team and its owner account, then signs the owner in. */
export function SetupTeamForm({ onError, draft, onDraftChange }: { onError: (message: string | null) => void; draft: LoginDraft; onDraftChange: (values: Partial<LoginDraft>) => void }) {
  const { setupTeam } = useAuth();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(SetupTeamBody, {
    defaultValues: { ...draft },
  });
  useDraftSync(watch, onDraftChange);

  const onSubmit = handleSubmit(async (values) => {
    onError(null);
    try {
      await setupTeam(values);
    } catch (error) {
      onError(authErrorText(error, 'Setup failed. Please try again.'));
    }
  });

  return (
    <form className="pw-form-grid" onSubmit={onSubmit} noValidate>
      <TextField label="Team Name" autoComplete="organization" error={errors.teamName?.message} {...register('teamName')} />
      <TextField label="Your Name" autoComplete="name" error={errors.ownerName?.message} {...register('ownerName')} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register('username')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" disabled={isSubmitting} className="shell-login__submit">
        {isSubmitting ? 'Creating team...' : 'Create Team'}
      </Button>
    </form>
  );
}
