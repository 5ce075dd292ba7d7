import { Badge, Group, Text, Title } from '@mantine/core';
import { FORM_TYPES } from '@trenchline/domain';
import { ArchivedBadge, UpdatedText } from '../../../../components/record/TitleParts';
import type { TicketDetail } from '../../api/ticketDetailTypes';
import { showHours, showQuantity } from '../../../../lib/numbers';
import { moneyCell, useShownCells, type Cell } from '../../../../components/record/Totals';

const formTitle = (name: unknown) => FORM_TYPES.find((f) => f.name === name)?.form_title ?? 'Ticket';

const SIGNATURE_COLOUR = { unsigned: 'gray', signed: 'teal', 'signed an earlier version': 'red' } as const;

/** Which ticket this is, its status, its signatures' state and when it last changed. */
export function TicketTitle({ ticket }: { ticket: TicketDetail }) {
  return (
    <Group gap="sm" wrap="wrap">
      <Title order={4} data-testid="ticket-title">
        {formTitle(ticket.form_type)} {ticket.account_ticket_number || `#${ticket.id}`}
        {ticket.title ? ` · ${ticket.title}` : ''}
      </Title>
      <ArchivedBadge archived={ticket.archived} />
      {ticket.ticket_status && (
        <Badge size="sm" variant="light" color={ticket.approved ? 'teal' : 'blue'} data-testid="ticket-status">
          {ticket.ticket_status}
        </Badge>
      )}
      <Badge size="sm" variant="outline" color={SIGNATURE_COLOUR[ticket.signature_status] ?? 'gray'} data-testid="ticket-signature-status">
        {ticket.signature_status}
      </Badge>
      <UpdatedText at={ticket.last_updated} by={ticket.last_updated_by} />
    </Group>
  );
}

const qty = (v: unknown) => showQuantity(v) || '0';

/** The totals as the server computes them (the domain's ticketTotals): never added up here; the money ones only where the answer has them. */
export function TicketTotals({ ticket }: { ticket: TicketDetail }) {
  const items = useShownCells([
    { key: 'feet_total', label: 'Feet', value: qty(ticket.feet_total) },
    { key: 'other_total', label: 'Other qty', value: qty(ticket.other_total) },
    { key: 'equipment_hours_total', label: 'Equipment', value: showHours(ticket.equipment_hours_total ?? 0) },
    { key: 'timecard_hours_total', label: 'Billable time', value: showHours(ticket.timecard_hours_total ?? 0) },
    moneyCell(ticket, 'expenses_total', 'Expenses'),
    moneyCell(ticket, 'expenses_total_billable', 'Billable expenses'),
    moneyCell(ticket, 'expenses_total_webuy', 'We buy'),
  ] satisfies Cell[]);
  return (
    <Group gap="md" mt={4} wrap="wrap" data-testid="ticket-totals">
      {items.map(({ key, label, value }) => (
        <Text key={key} size="xs" data-total={key}>
          <Text span c="dimmed" size="xs">
            {label}{' '}
          </Text>
          <Text span fw={600} size="xs" data-value>
            {value}
          </Text>
        </Text>
      ))}
    </Group>
  );
}
