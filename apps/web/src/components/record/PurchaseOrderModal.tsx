import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { errorText, isApiError } from '../../../lib/http';
import { parseTypedDate } from '../../../lib/dates';
import { useMessage } from '../../../lib/messages';
import { useSaveProject } from '../api/saveProject';
import type { ProjectRow } from '../api/types';

interface Props {
  project: ProjectRow | null;
  onClose: () => void;
}

interface Draft {
  po_number: string;
  po_date: string | null;
  po_amount: number | string;
}

const draftOf = (p: ProjectRow | null): Draft => ({ po_number: p?.po_number ?? '', po_date: p?.po_date ?? null, po_amount: p?.po_amount ?? '' });

/** The purchase-order modal of a list row: PO number, PO date and PO amount (2 decimals). Keyed by the row, so it starts from its values. */
export function PurchaseOrderModal({ project, onClose }: Props) {
  const message = useMessage();
  const save = useSaveProject();
  const [draft, setDraft] = useState<Draft>(() => draftOf(project));
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = () => {
    if (!project) return;
    setError(null);
    const amount = draft.po_amount === '' ? null : Math.round(Number(draft.po_amount) * 100) / 100;
    // Only the three PO fields: a concurrent edit of any other field is never overwritten.
    save.mutate(
      { id: project.id, values: { po_number: draft.po_number.trim() || null, po_date: draft.po_date || null, po_amount: amount } },
      {
        onSuccess: () => {
          message('Saved successfully!', 'success');
          onClose();
        },
        onError: (e) => {
          if (isApiError(e)) setFields(e.fields);
          setError(`Issue detected: Probably the server, but please check for problem data. ${errorText(e)}`);
        },
      },
    );
  };

  return (
    <Modal opened={project !== null} onClose={onClose} title={`Purchase order: ${project?.name || `project ${project?.id ?? ''}`}`} size="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing={6}>
        <TextInput
          size="xs"
          label="PO number"
          value={draft.po_number}
          error={fields.po_number}
          onChange={(e) => setDraft((d) => ({ ...d, po_number: e.currentTarget.value }))}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          data-autofocus
        />
        <DateInput
          size="xs"
          label="PO date"
          valueFormat="MM/DD/YYYY"
          dateParser={parseTypedDate}
          placeholder="mm/dd/yyyy"
          clearable
          value={draft.po_date}
          error={fields.po_date}
          onChange={(v) => setDraft((d) => ({ ...d, po_date: v }))}
          popoverProps={{ withinPortal: true }}
        />
        <NumberInput
          size="xs"
          label="PO amount"
          prefix="$"
          thousandSeparator=","
          decimalScale={2}
          fixedDecimalScale
          hideControls
          min={0}
          value={draft.po_amount}
          error={fields.po_amount}
          onChange={(v) => setDraft((d) => ({ ...d, po_amount: v }))}
          styles={{ input: { textAlign: 'right' } }}
        />
      </SimpleGrid>
      {error && (
        <Alert color="red" variant="light" p="xs" mt="xs" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs" mt="sm">
        <Button size="xs" variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button size="xs" onClick={submit} loading={save.isPending}>
          Save PO
        </Button>
      </Group>
    </Modal>
  );
}
