import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { isApiError } from '../../../lib/http';
import { useMe } from '../api/me';
import { useSignup, type SignupInput } from '../api/signup';
import { useConfirmSignup } from '../api/confirmSignup';
import { AuthLayout } from './AuthLayout';
import { safeNext } from './LoginPage';
import { AuthError } from './AuthError';

const empty: SignupInput = { account_name: '', display_name: '', email: '', password: '' };

/** Two steps: the company, name, email and password; then the code mailed to that address. */
export function SignupPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const me = useMe();
  const signupMutation = useSignup();
  const confirmMutation = useConfirmSignup();
  const [values, setValues] = useState<SignupInput>(empty);
  const [code, setCode] = useState('');

  if (me.data) return <Navigate to={next} replace />;

  const set = (k: keyof SignupInput) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setValues((old) => ({ ...old, [k]: v }));
  };
  const fieldError = (k: keyof SignupInput) =>
    isApiError(signupMutation.error) ? signupMutation.error.fields[k] : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirmMutation.reset();
    setCode('');
    signupMutation.mutate(values);
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    confirmMutation.mutate({ email: values.email.trim(), code: code.trim() }, { onSuccess: () => navigate(next, { replace: true }) });
  };

  if (signupMutation.isSuccess)
    return (
      <AuthLayout title="Check your email">
        <form onSubmit={confirm}>
          <Stack gap="sm">
            <Alert color="blue" variant="light" p="xs">
              {signupMutation.data.message}
            </Alert>
            <AuthError error={confirmMutation.error} pausedTitle="Confirmation paused" testId="confirm-error" />
            <TextInput
              label="Confirmation code"
              description="The 8 digits from the mail; it works for one hour"
              required
              autoFocus
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={isApiError(confirmMutation.error) ? confirmMutation.error.fields.code ?? confirmMutation.error.fields.email : undefined}
            />
            <Button type="submit" loading={confirmMutation.isPending}>
              Confirm
            </Button>
            <Text size="sm" c="dimmed">
              No mail?{' '}
              <Anchor component="button" type="button" underline="always" onClick={() => signupMutation.reset()}>
                Check the address and send a new code
              </Anchor>
            </Text>
          </Stack>
        </form>
      </AuthLayout>
    );

  return (
    <AuthLayout title="Create an account">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <AuthError error={signupMutation.error} pausedTitle="Sign-up paused" testId="signup-error" />
          <TextInput label="Account name" description="Your company" required autoFocus value={values.account_name} onChange={set('account_name')} error={fieldError('account_name')} />
          <TextInput label="Your name" required autoComplete="name" value={values.display_name} onChange={set('display_name')} error={fieldError('display_name')} />
          <TextInput label="Email" type="email" required autoComplete="username" value={values.email} onChange={set('email')} error={fieldError('email')} />
          <PasswordInput label="Password" required autoComplete="new-password" value={values.password} onChange={set('password')} error={fieldError('password')} />
          <Button type="submit" loading={signupMutation.isPending}>
            Create account
          </Button>
          <Text size="sm" c="dimmed">
            Already have an account?{' '}
            <Anchor component={Link} to="/login" underline="always">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
