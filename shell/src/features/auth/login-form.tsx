import { LoginBody, type LoginType } from '@pitwall/contracts';
import { Button, TextField, useAuth } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { authErrorText } from './auth-error';
import { useDraftSync, type LoginDraft } from './login-draft';

const LoginFields = LoginBody.omit({ loginType: true });

interface LoginFormProps {
  loginType: LoginType;
  onError: (message: string | null) => void;
  /** What was typed before (on this or another tab): the fields start from it. */
  draft: LoginDraft;
  onDraftChange: (values: Partial<LoginDraft>) => void;
}

/** Admin Login and Team Member tabs: username + password, sent with the tab's loginType. */
export function LoginForm({ loginType, onError, draft, onDraftChange }: LoginFormProps) {
  const { login } = useAuth();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(LoginFields, { defaultValues: { username: draft.username, password: draft.password } });
  useDraftSync(watch, onDraftChange);

  const onSubmit = handleSubmit(async (values) => {
    onError(null);
    try {
      await login({ ...values, loginType });
    } catch (error) {
      onError(authErrorText(error, 'Invalid credentials'));
    }
  });

  return (
    <form className="pw-form-grid" onSubmit={onSubmit} noValidate>
      <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register('username')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" disabled={isSubmitting} className="shell-login__submit">
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
