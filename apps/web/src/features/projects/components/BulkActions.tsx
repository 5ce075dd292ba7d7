import { useState } from 'react';
import { Button } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { confirmAction } from '../../../lib/confirm';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import { applyRowEvent } from '../../../lib/realtime';
import { archiveProject } from '../api/archiveProject';
import { useCreateProject } from '../api/createProject';
import { deleteProject } from '../api/deleteProject';
import { projectKey, rowOf } from '../api/types';

/** New project: POST, then open it. */
export function NewProjectButton() {
  return <NewRecordButton label="New project" create={useCreateProject()} pathOf={(p) => `/project/${p.id}`} />;
}

interface BulkProps {
  ids: string[];
  onDone: () => void;
}

/** Runs one request per project, one after another; says how many failed, if any. */
async function eachProject(ids: string[], call: (id: string) => Promise<void>): Promise<{ failed: number; lastError: unknown }> {
  let failed = 0;
  let lastError: unknown = null;
  for (const id of ids) {
    try {
      await call(id);
    } catch (e) {
      failed += 1;
      lastError = e;
    }
  }
  return { failed, lastError };
}

interface BulkAction {
  label: string;
  /** The spec's warning, asked before anything is sent. */
  warning: string;
  /** 'deleted', 'archived': what the messages say was done. */
  done: string;
  /** The request for one project and what it changes in the cache. */
  each: (qc: QueryClient, id: string) => Promise<void>;
  c?: string;
}

/** A button acting on every selected project, after its warning; says how many failed, if any. */
function BulkButton({ ids, onDone, label, warning, done, each, c }: BulkProps & BulkAction) {
  const message = useMessage();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (ids.length === 0) {
      message('Please select rows first.');
      return;
    }
    if (!confirmAction(warning)) return;
    setBusy(true);
    const { failed, lastError } = await eachProject(ids, (id) => each(qc, id));
    setBusy(false);
    onDone();
    if (failed) message(`${failed} of ${ids.length} projects could not be ${done}. Problem.  ${errorText(lastError)}`, 'error');
    else message(`Selected projects ${done}`, 'success');
  };
  return (
    <Button size="xs" variant="default" c={c} onClick={() => void run()} loading={busy}>
      {label}
    </Button>
  );
}

/** Delete the selected projects, after the spec's warning; one DELETE per project. */
export function DeleteSelectedButton(props: BulkProps) {
  return (
    <BulkButton
      {...props}
      label="Delete"
      c="red.8"
      warning="Are you sure you want to delete selected records? THIS ACTION CANNOT BE UNDONE"
      done="deleted"
      each={async (qc, id) => {
        await deleteProject(id);
        applyRowEvent(qc, { list: 'projects', op: 'remove', id });
        qc.removeQueries({ queryKey: projectKey(id) });
      }}
    />
  );
}

/** Archive the selected projects: PUT { archived: true } on each. */
export function ArchiveSelectedButton(props: BulkProps) {
  return (
    <BulkButton
      {...props}
      label="Archive"
      warning="Are you sure you want to archive selected records?"
      done="archived"
      each={async (qc, id) => {
        const answer = await archiveProject(id);
        // An active-only list drops the row at once (realtime.ts matches it against the list's filter).
        if (answer?.id) applyRowEvent(qc, { list: 'projects', op: 'upsert', id: answer.id, row: rowOf(answer) });
        void qc.invalidateQueries({ queryKey: projectKey(id) });
      }}
    />
  );
}
