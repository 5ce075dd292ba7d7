import { Badge, Group, Text, Title } from '@mantine/core';
import { showDateTime } from '../../../../lib/dates';
import type { HelpTicketView } from '../../api/types';

/** Which ticket this is, who raised it, its status and who it awaits, and when it last changed. */
export function HelpTitle({ ticket }: { ticket: HelpTicketView }) {
  return (
    <Group gap="sm" wrap="wrap">
      <Title order={4} data-testid="help-title">
        Help ticket #{ticket.id}
      </Title>
      {ticket.archived && (
        <Badge size="sm" color="gray" data-testid="help-archived">
          Archived
        </Badge>
      )}
      {ticket.ticket_status && (
        <Badge size="sm" variant="light" data-testid="help-status">
          {ticket.ticket_status}
        </Badge>
      )}
      {ticket.awaiting && (
        <Badge size="sm" variant="light" color="orange" data-testid="help-awaiting">
          {ticket.awaiting === 'office' ? 'Awaiting the office' : 'Awaiting the submitter'}
        </Badge>
      )}
      <Text size="xs" c="dimmed">
        {ticket.submitted_by_name ? `Raised by ${ticket.submitted_by_name} ` : ''}
        {ticket.created_at ? `on ${showDateTime(ticket.created_at)}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        Updated {showDateTime(ticket.last_updated)}
        {ticket.last_updated_by ? ` by ${ticket.last_updated_by}` : ''}
      </Text>
    </Group>
  );
}
