import { useState } from 'react';
import { Button, Modal, SimpleGrid, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { parseTypedDate } from '../../lib/dates';
import { errorText, isApiError } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import { numberOf, showMoney } from '../../lib/numbers';
import { MoneyInput } from './MoneyInput';
import { ModalButtons } from './ModalButtons';

/** A field of the modal: text, a date, or money (2 decimals); read-only ones are shown, never sent. */
export interface PoField {
  name: string;
  label: string;
  kind: 'text' | 'date' | 'money';
  readOnly?: boolean;
}

type Draft = Record<string, string | number | null>;

const draftOf = (fields: PoField[], record: Record<string, unknown> | null): Draft =>
  Object.fromEntries(
    fields.map((f) => {
      const v = record?.[f.name];
      if (f.kind === 'text') return [f.name, typeof v === 'string' || typeof v === 'number' ? String(v) : ''];
      if (f.kind === 'date') return [f.name, typeof v === 'string' && v ? v.slice(0, 10) : null];
      return [f.name, numberOf(v) ?? ''];
    }),
  );

/** What is sent: the editable fields only, blanks as null, money to the cent. */
export function poValues(fields: PoField[], draft: Draft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.readOnly) continue;
    const v = draft[f.name];
    if (f.kind === 'text') out[f.name] = String(v ?? '').trim() || null;
    else if (f.kind === 'date') out[f.name] = v || null;
    else out[f.name] = v === '' || v === null ? null : Math.round(Number(v) * 100) / 100;
  }
  return out;
}

interface Props<R extends { id: string }> {
  /** The list row whose PO is edited; null: closed. Key the modal by the row so it starts from its values. */
  record: R | null;
  /** e.g. 'Purchase order: Route 66 fibre'. */
  title: string;
  fields: PoField[];
  /** Saves only the modal's editable fields (a concurrent edit of any other field is never overwritten). */
  save: (id: string, values: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}

/** The purchase-order modal of a list row (projects: PO number, date and amount; jobs: the PO data). */
export function PurchaseOrderModal<R extends { id: string }>({ record, title, fields, save, onClose }: Props<R>) {
  const message = useMessage();
  const [draft, setDraft] = useState<Draft>(() => draftOf(fields, record as Record<string, unknown> | null));
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (name: string, v: string | number | null) => setDraft((d) => ({ ...d, [name]: v }));

  const submit = async () => {
    if (!record || saving) return;
    setError(null);
    setSaving(true);
    try {
      await save(record.id, poValues(fields, draft));
      message('Saved successfully!', 'success');
      onClose();
    } catch (e) {
      if (isApiError(e)) setFieldErrors(e.fields);
      setError(`Issue detected: Probably the server, but please check for problem data. ${errorText(e)}`);
    } finally {
      setSaving(false);
    }
  };

  const input = (f: PoField, first: boolean) => {
    const v = draft[f.name];
    if (f.readOnly)
      return (
        <TextInput
          key={f.name}
          size="xs"
          label={f.label}
          readOnly
          variant="filled"
          value={f.kind === 'money' ? showMoney(v) : String(v ?? '')}
          styles={{ input: { textAlign: f.kind === 'money' ? 'right' : undefined } }}
          data-field={f.name}
        />
      );
    if (f.kind === 'date')
      return (
        <DateInput
          key={f.name}
          size="xs"
          label={f.label}
          valueFormat="MM/DD/YYYY"
          dateParser={parseTypedDate}
          placeholder="mm/dd/yyyy"
          clearable
          value={(v as string | null) ?? null}
          error={fieldErrors[f.name]}
          onChange={(d) => set(f.name, d)}
          popoverProps={{ withinPortal: true }}
          data-field={f.name}
        />
      );
    if (f.kind === 'money')
      return (
        <MoneyInput
          key={f.name}
          label={f.label}
          value={v ?? ''}
          error={fieldErrors[f.name]}
          onChange={(n) => set(f.name, n)}
          styles={{ input: { textAlign: 'right' } }}
          data-field={f.name}
        />
      );
    return (
      <TextInput
        key={f.name}
        size="xs"
        label={f.label}
        value={String(v ?? '')}
        error={fieldErrors[f.name]}
        onChange={(e) => set(f.name, e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && void submit()}
        data-autofocus={first || undefined}
        data-field={f.name}
      />
    );
  };

  const firstEditable = fields.find((f) => !f.readOnly)?.name;
  return (
    <Modal opened={record !== null} onClose={onClose} title={title} size={fields.length > 3 ? 'lg' : 'md'}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing={6}>
        {fields.map((f) => input(f, f.name === firstEditable))}
      </SimpleGrid>
      <ModalButtons error={error} onClose={onClose} mt="sm">
        <Button size="xs" onClick={() => void submit()} loading={saving}>
          Save PO
        </Button>
      </ModalButtons>
    </Modal>
  );
}
