import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Menu } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useFormTypes, type FormType, type FormTypeNav } from './formTypes';
import { NewRecordDialog, type NewField } from './NewRecordDialog';
import { useListAsOf } from '../table/listAsOf';
import { useCan } from '../../features/auth';

interface Props<R> {
  /** e.g. 'New job'. */
  label: string;
  /** Whose form types are offered. */
  nav: FormTypeNav;
  /** What the New dialog asks besides the form type. */
  fields: readonly NewField[];
  /** The area's create mutation, given the dialog's values with the chosen form type (form_type). */
  create: UseMutationResult<R, unknown, Record<string, unknown>>;
  /** The new record's screen. */
  pathOf: (record: R) => string;
}

/** New record by form type: pick one of the server's list, fill its dialog (nothing written until Create), then open it. */
export function NewByFormTypeMenu<R>({ label, nav, fields, create, pathOf }: Props<R>) {
  const navigate = useNavigate();
  const [type, setType] = useState<FormType | null>(null);
  return (
    <>
      <FormTypeMenu label={label} nav={nav} onPick={setType} />
      <NewRecordDialog
        form={{ label: `${label}: ${type?.ux_name ?? ''}`, fields }}
        opened={type !== null}
        onClose={() => setType(null)}
        create={create}
        given={type ? { form_type: type.name } : undefined}
        onCreated={(record) => navigate(pathOf(record))}
      />
    </>
  );
}

/** The New menu's form types (the server's list for `nav`): what happens with the chosen one is the caller's. */
export function FormTypeMenu({ label, nav, loading, onPick }: { label: string; nav: FormTypeNav; loading?: boolean; onPick: (type: FormType) => void }) {
  const types = useFormTypes(nav);
  const writes = useCan()({ writeRecords: `/${nav}/` });
  // Nothing is made in the past: a list shown as it stood offers no New; nor does a role that cannot write the area's records.
  if (useListAsOf().asOf || !writes) return null;
  return (
    <Menu position="bottom-start" shadow="md" withinPortal>
      <Menu.Target>
        <Button size="xs" loading={loading} rightSection="▾">
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Form type</Menu.Label>
        {types.isPending && <Menu.Item disabled>Loading form types...</Menu.Item>}
        {types.isError && <Menu.Item disabled>Form types could not be loaded</Menu.Item>}
        {types.data?.map((t) => (
          <Menu.Item key={t.name} onClick={() => onPick(t)} title={t.form_title} data-form-type={t.name}>
            {t.ux_name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
