import { useNavigate } from 'react-router-dom';
import { Button, Menu } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { errorText } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import { useFormTypes, type FormType, type FormTypeNav } from './formTypes';

interface Props<R> {
  /** e.g. 'New job'. */
  label: string;
  /** Whose form types are offered. */
  nav: FormTypeNav;
  /** The area's create mutation, given the chosen form type's name. */
  create: UseMutationResult<R, unknown, string>;
  /** The new record's screen. */
  pathOf: (record: R) => string;
}

/** New record by form type: pick one of the server's list, create the record, then open it. */
export function NewByFormTypeMenu<R>({ label, nav, create, pathOf }: Props<R>) {
  const navigate = useNavigate();
  const message = useMessage();
  const make = (formType: string) =>
    create.mutate(formType, {
      onSuccess: (record) => navigate(pathOf(record)),
      onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    });
  return <FormTypeMenu label={label} nav={nav} loading={create.isPending} onPick={(t) => make(t.name)} />;
}

/** The New menu's form types (the server's list for `nav`): what happens with the chosen one is the caller's. */
export function FormTypeMenu({ label, nav, loading, onPick }: { label: string; nav: FormTypeNav; loading?: boolean; onPick: (type: FormType) => void }) {
  const types = useFormTypes(nav);
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
