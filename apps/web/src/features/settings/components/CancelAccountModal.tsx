import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useLogout } from '../../auth';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useCancelAccount } from '../api/cancelAccount';

interface Props {
  opened: boolean;
  accountName: string;
  onClose: () => void;
}

/** Cancelling is for good: the user types the account's name, then everyone is signed out. */
export function CancelAccountModal({ opened, accountName, onClose }: Props) {
  const message = useMessage();
  const navigate = useNavigate();
  const cancel = useCancelAccount();
  const logout = useLogout();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim() === accountName.trim() && typed.trim() !== '';

  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!matches) return;
    setError(null);
    cancel.mutate(typed.trim(), {
      onSuccess: () => {
        message('The account is cancelled. Everyone has been signed out.');
        // The server has ended every session already; this clears what the browser still holds.
        logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });
      },
      onError: (e) => setError(errorText(e)),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Cancel account" size="md">
      <Stack gap="sm">
        <Text size="sm">
          Cancelling <b>{accountName}</b> signs every user out at once and refuses their logins. There are no refunds.
        </Text>
        {error && (
          <Alert color="red" variant="light" p="xs">
            {error}
          </Alert>
        )}
        <TextInput
          label={`Type the account name (${accountName}) to confirm`}
          data-autofocus
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
        />
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={close}>
            Keep the account
          </Button>
          <Button size="xs" color="red" disabled={!matches} loading={cancel.isPending || logout.isPending} onClick={submit}>
            Cancel account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
