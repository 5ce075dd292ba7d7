import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useAwardBid, type AwardInput } from '../api/awardBid';

const empty: AwardInput = { supplier_code: '', work_request: '' };

/** Award a bid by its supplier code and work request; the user stays on the list. */
export function AwardModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const message = useMessage();
  const award = useAwardBid();
  const [values, setValues] = useState<AwardInput>(empty);
  const close = () => {
    setValues(empty);
    award.reset();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    award.mutate(values, {
      onSuccess: (answer) => {
        message(answer?.message || 'Bid Awarded Successfully.', 'success');
        close();
      },
      onError: (err) => message(`Problem.  ${errorText(err)}`, 'error'),
    });
  };
  const ready = values.supplier_code.trim() && values.work_request.trim();
  return (
    <Modal opened={opened} onClose={close} title="Award bid" size="sm">
      <form onSubmit={submit}>
        <Stack gap="sm">
          {award.isError && (
            <Alert color="red" variant="light" p="xs">
              {`Problem.  ${errorText(award.error)}`}
            </Alert>
          )}
          <TextInput
            label="Supplier code"
            data-autofocus
            value={values.supplier_code}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setValues((x) => ({ ...x, supplier_code: v }));
            }}
          />
          <TextInput
            label="Work request"
            value={values.work_request}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setValues((x) => ({ ...x, work_request: v }));
            }}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={close}>
              Cancel
            </Button>
            <Button size="xs" type="submit" loading={award.isPending} disabled={!ready}>
              Award
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
