/**
 * Re-up: the new ticket (its number, by default the current one; type Update; submitted today), with
 * the work date and expiry shown as the account's rule will fill them (Settings > Locates) so the user
 * sees them before saving; a date typed in is kept instead. POST /api/locates/{id}/reup/ with the
 * version the modal opened on: a colleague's re-up meanwhile is the server's 409, shown, and the page
 * then shows the newer ticket.
 */
import { useState } from 'react';
import { Button, Modal, NativeSelect, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { LOCATE_TICKET_TYPES } from '@trenchline/domain';
import { parseTypedDate, showDate, todayIso } from '../../../../lib/dates';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { useReUpLocate } from '../../api/reUpLocate';
import { useLocateRules } from '../../api/reUpRules';
import type { LocateView } from '../../api/locateTypes';
import { reUpDates, reUpPayload, reUpStart, ruleWords, type ReUpForm } from './reUpLogic';
import { ModalButtons } from '../../../../components/record/ModalButtons';

export function ReUpButton({ locate }: { locate: LocateView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" color="teal" onClick={() => setOpen(true)} data-testid="re-up">
        Re-up
      </Button>
      {open && <ReUpModal locate={locate} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReUpModal({ locate, onClose }: { locate: LocateView; onClose: () => void }) {
  const message = useMessage();
  const rules = useLocateRules();
  const reUp = useReUpLocate();
  const today = todayIso();
  const [form, setForm] = useState<ReUpForm>(() => reUpStart(locate, today));
  // The ticket this re-up replaces: the locate as the modal opened on it (a re-up since is a 409).
  const [seen] = useState(() => locate.version ?? null);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof ReUpForm) => (v: string | null) => setForm((f) => ({ ...f, [k]: v ?? '' }));
  const rule = rules.data!;
  const dates = reUpDates(form, rule, today);
  const words = ruleWords(rule);

  const submit = () => {
    setError(null);
    reUp.mutate(
      { id: locate.id, values: reUpPayload(form), version: seen },
      {
        onSuccess: (answer) => {
          message(`Re-upped: ticket ${answer.current_ticket_number ?? ''} expires ${showDate(answer.current_date_expiration)}`, 'success');
          onClose();
        },
        onError: (e) => {
          setError(errorText(e));
          message(errorText(e), 'error');
        },
      },
    );
  };

  const dateInput = (k: 'date_submitted' | 'work_date' | 'date_expiration', label: string, byRule?: { date: string; words: string }) => (
    <DateInput
      size="xs"
      label={label}
      valueFormat="MM/DD/YYYY"
      dateParser={parseTypedDate}
      placeholder={byRule ? showDate(byRule.date) : 'mm/dd/yyyy'}
      description={byRule ? `Blank: ${byRule.words}` : 'As typed'}
      clearable
      value={form[k] || null}
      onChange={(v) => set(k)(v)}
      popoverProps={{ withinPortal: true }}
      data-field={k}
    />
  );

  return (
    <Modal opened onClose={onClose} title={`Re-up locate ${locate.current_ticket_number ?? `#${locate.id}`}`} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
          <TextInput size="xs" label="New ticket #" value={form.ticket_number} onChange={(e) => set('ticket_number')(e.currentTarget.value)} data-field="ticket_number" data-autofocus />
          <TextInput size="xs" label="Alt ticket #" value={form.alt_ticket_number} onChange={(e) => set('alt_ticket_number')(e.currentTarget.value)} data-field="alt_ticket_number" />
          <NativeSelect size="xs" label="Type" data={[...LOCATE_TICKET_TYPES]} value={form.ticket_type} onChange={(e) => set('ticket_type')(e.currentTarget.value)} data-field="ticket_type" />
          <TextInput size="xs" label="Segment" value={form.segment} onChange={(e) => set('segment')(e.currentTarget.value)} data-field="segment" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" mt={6}>
          {dateInput('date_submitted', 'Submitted', form.date_submitted ? undefined : { date: today, words: 'today' })}
          {dateInput('work_date', 'Work date', dates.workByRule ? { date: dates.work_date, words: `${showDate(dates.work_date)} by rule` } : undefined)}
          {dateInput('date_expiration', 'Expiration', dates.expiryByRule ? { date: dates.date_expiration, words: `${showDate(dates.date_expiration)} by rule` } : undefined)}
        </SimpleGrid>
        <Textarea size="xs" mt={6} label="Remarks" autosize minRows={2} value={form.remarks} onChange={(e) => set('remarks')(e.currentTarget.value)} data-field="remarks" />
        <Text size="xs" mt="xs" data-testid="re-up-summary">
          Ticket <b>{form.ticket_number.trim() || locate.current_ticket_number || '—'}</b> ({form.ticket_type}), work from <b>{showDate(dates.work_date)}</b>, expires <b>{showDate(dates.date_expiration)}</b>
          {rules.isPlaceholderData ? ' (by the default rules while the account\'s load)' : ''}.
        </Text>
        <Text size="xs" c="dimmed" data-testid="re-up-rule">
          The account's rule (Settings &gt; Locates): work {words.work}, expiry {words.expiry}.
        </Text>
        <ModalButtons error={error} onClose={onClose} mt="md">
          <Button size="xs" type="submit" loading={reUp.isPending} data-testid="save-re-up">
            Re-up
          </Button>
        </ModalButtons>
      </form>
    </Modal>
  );
}
