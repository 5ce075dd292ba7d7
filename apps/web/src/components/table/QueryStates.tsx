/**
 * What a list shows under its toolbar (reports, routines, do-routines, bids): waiting, the load
 * failure ('The reports could not be loaded'), its line while it has no rows, else its table. One
 * piece so the lists word these alike and each says only its nouns and its empty line.
 */
import type { ReactNode } from 'react';
import { Alert, Text } from '@mantine/core';
import { errorText } from '../../lib/http';
import { WaitMessage } from '../WaitMessage';

interface Props {
  query: { isPending: boolean; isError: boolean; isSuccess: boolean; error: unknown };
  /** What the list holds ('reports'), for the failure's title. */
  noun: string;
  /** The rows shown. */
  count: number;
  /** The line while none is shown. */
  empty: ReactNode;
  /** The table, shown once there are rows. */
  children: ReactNode;
}

/** A list's load failure: 'The reports could not be loaded' over the server's answer. */
export function LoadFailed({ noun, error }: { noun: string; error: unknown }) {
  return (
    <Alert color="red" variant="light" title={`The ${noun} could not be loaded`}>
      {errorText(error)}
    </Alert>
  );
}

/** A list's line in place of its rows (none yet, none matching, nothing asked). */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" py="md" ta="center">
      {children}
    </Text>
  );
}

export function QueryStates({ query, noun, count, empty, children }: Props) {
  return (
    <>
      {query.isPending && <WaitMessage />}
      {query.isError && <LoadFailed noun={noun} error={query.error} />}
      {query.isSuccess && count === 0 && <EmptyLine>{empty}</EmptyLine>}
      {query.isSuccess && count > 0 && children}
    </>
  );
}
