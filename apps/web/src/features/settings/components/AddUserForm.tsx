import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, PasswordInput, TextInput } from '@mantine/core';
import { DEFAULT_ROLE, isRole } from '@trenchline/domain';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useAddUser, type AddUserInput } from '../api/addUser';
import { ROLE_CHOICES } from './roleChoices';

const EMPTY: AddUserInput = { display_name: '', email: '', password: '', role: DEFAULT_ROLE };

/** A new user with an initial password; a taken e-mail is refused by the server, input kept. */
export function AddUserForm() {
  const message = useMessage();
  const add = useAddUser();
  const [values, setValues] = useState<AddUserInput>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: Exclude<keyof AddUserInput, 'role'>) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setValues((x) => ({ ...x, [k]: v }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { display_name: values.display_name.trim(), email: values.email.trim(), password: values.password, role: values.role },
      {
        onSuccess: (user) => {
          setValues(EMPTY);
          setErrors({});
          message(`User ${user?.display_name ?? values.display_name.trim()} added.`, 'success');
        },
        onError: (err) => {
          if (isApiError(err)) setErrors(err.fields);
          message(errorText(err), 'error');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Add user">
      <Group gap={6} align="flex-start" wrap="nowrap">
        <TextInput size="xs" style={{ flex: 1, minWidth: 0 }} placeholder="Display name" aria-label="Display name" value={values.display_name} onChange={set('display_name')} error={errors.display_name} />
        <TextInput size="xs" style={{ flex: 1.2, minWidth: 0 }} type="email" placeholder="E-mail" aria-label="E-mail" value={values.email} onChange={set('email')} error={errors.email} />
        <PasswordInput
          size="xs"
          style={{ flex: 1, minWidth: 0 }}
          placeholder="Password (8+)"
          aria-label="Initial password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          autoComplete="new-password"
        />
        <NativeSelect
          size="xs"
          aria-label="Role of the new user"
          data={ROLE_CHOICES}
          value={values.role}
          onChange={(e) => {
            const role = e.currentTarget.value;
            if (isRole(role)) setValues((x) => ({ ...x, role }));
          }}
          error={errors.role}
        />
        <Button size="xs" type="submit" loading={add.isPending}>
          Add user
        </Button>
      </Group>
    </form>
  );
}
