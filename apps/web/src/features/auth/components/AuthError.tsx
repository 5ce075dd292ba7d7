import { Alert } from '@mantine/core';
import { errorText, isApiError } from '../../../lib/http';

/**
 * A refused sign-in or sign-up: red, or orange with `pausedTitle` for a 429 (locked out a while after
 * too many tries; the server's message says for how long).
 */
export function AuthError({ error, pausedTitle, testId }: { error: unknown; pausedTitle: string; testId?: string }) {
  if (!error) return null;
  const paused = isApiError(error) && error.status === 429;
  return (
    <Alert color={paused ? 'orange' : 'red'} variant="light" p="xs" title={paused ? pausedTitle : undefined} data-testid={testId}>
      {errorText(error)}
    </Alert>
  );
}
