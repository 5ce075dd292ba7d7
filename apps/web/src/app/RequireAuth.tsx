import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Center, Loader } from '@mantine/core';
import { errorText } from '../lib/http';
import { startRealtime, stopRealtime } from '../lib/realtime';
import { useMe } from '../features/auth';

/** Signed-in users only; others land on /login and come back afterwards. Starts live updates. */
export function RequireAuth() {
  const me = useMe();
  const location = useLocation();
  const qc = useQueryClient();
  const signedIn = Boolean(me.data);
  useEffect(() => {
    if (signedIn) startRealtime(qc);
    else stopRealtime();
  }, [signedIn, qc]);

  if (me.isPending)
    return (
      <Center mih="100vh">
        <Loader size="sm" />
      </Center>
    );
  // Kept from the last visit (lib/offline): the user works on while the server cannot be reached.
  if (me.isError && !me.data)
    return (
      <Center mih="100vh">
        <Alert color="red" title="The server cannot be reached">
          {errorText(me.error)}
        </Alert>
      </Center>
    );
  if (!me.data) {
    const next = location.pathname + location.search;
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}
