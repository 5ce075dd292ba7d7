import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useLogin } from '../api/login';
import { useMe } from '../api/me';
import { AuthLayout } from './AuthLayout';
import { AuthError } from './AuthError';
import { homeOf } from '../can';

/** Where to go after signing in: the page that sent the user here, never another site. */
export const safeNext = (next: string | null) => (next && next.startsWith('/') && !next.startsWith('//') ? next : '/bid/');

export function LoginPage() {
  const [params] = useSearchParams();
  const asked = params.get('next');
  const navigate = useNavigate();
  const me = useMe();
  // No page asked for: the user's own start, by their role (a field user has no bids).
  const next = asked ? safeNext(asked) : homeOf(me.data?.role);
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (me.data) return <Navigate to={next} replace />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    loginMutation.mutate({ email, password }, { onSuccess: (answer) => navigate(asked ? next : homeOf(answer.user.role), { replace: true }) });
  };

  return (
    <AuthLayout title="Sign in">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <AuthError error={loginMutation.error} pausedTitle="Sign-in paused" testId="login-error" />
          <TextInput label="Email" type="email" autoComplete="username" required autoFocus value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={loginMutation.isPending}>
            Sign in
          </Button>
          <Text size="sm" c="dimmed">
            New company?{' '}
            <Anchor underline="always" component={Link} to={`/signup${next !== '/bid/' ? `?next=${encodeURIComponent(next)}` : ''}`}>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
