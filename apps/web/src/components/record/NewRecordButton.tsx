import { useNavigate } from 'react-router-dom';
import { Button } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { errorText } from '../../lib/http';
import { useMessage } from '../../lib/messages';

interface Props<R extends { id: string }> {
  /** e.g. 'New bid'. */
  label: string;
  /** The area's create mutation (it adds the new row to the list). */
  create: UseMutationResult<R, unknown, void>;
  /** The new record's screen. */
  pathOf: (record: R) => string;
}

/** New record: create it, then open it. */
export function NewRecordButton<R extends { id: string }>({ label, create, pathOf }: Props<R>) {
  const navigate = useNavigate();
  const message = useMessage();
  return (
    <Button
      size="xs"
      loading={create.isPending}
      onClick={() =>
        create.mutate(undefined, {
          onSuccess: (record) => navigate(pathOf(record)),
          onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
        })
      }
    >
      {label}
    </Button>
  );
}
