import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, type ButtonProps } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useCan } from '../../features/auth';
import { NewRecordDialog, type NewRecordForm } from './NewRecordDialog';
import { useListAsOf } from '../table/listAsOf';

interface Props<R> {
  /** The area's web path ('/bid/'): its records' writers are offered New (`{ writeRecords }`). */
  area: string;
  /** The area's New: its label and the fields its dialog asks. */
  form: NewRecordForm;
  /** The area's create mutation, given the dialog's values (it adds the new row to the list). */
  create: UseMutationResult<R, unknown, Record<string, unknown>>;
  /** The new record's screen (or what opens it). */
  pathOf?: (record: R) => string;
  onCreated?: (record: R) => void;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/** New record: a dialog asks its fields and writes nothing until Create; then the new record opens. */
export function NewRecordButton<R>({ area, form, create, pathOf, onCreated, size = 'xs', variant }: Props<R>) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const can = useCan();
  // Offered only to a role that writes the area's records (not an auditor, nor a field user a job), and never in a list shown as it stood.
  const { asOf } = useListAsOf();
  if (!can({ writeRecords: area }) || asOf) return null;
  return (
    <>
      <Button size={size} variant={variant} onClick={() => setOpened(true)}>
        {form.label}
      </Button>
      <NewRecordDialog
        form={form}
        opened={opened}
        onClose={() => setOpened(false)}
        create={create}
        onCreated={(record) => (onCreated ? onCreated(record) : pathOf && navigate(pathOf(record)))}
      />
    </>
  );
}
