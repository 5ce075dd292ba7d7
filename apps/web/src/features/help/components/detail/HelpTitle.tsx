import { Badge, Text, Title } from '@mantine/core';
import { ArchivedBadge, StatusBadge, TitleLine, UpdatedText } from '../../../../components/record/TitleParts';
import { showDateTime } from '../../../../lib/dates';
import type { HelpTicketView } from '../../api/types';

/** Which ticket this is, who raised it, its status and who it awaits, and when it last changed. */
export function HelpTitle({ ticket }: { ticket: HelpTicketView }) {
  return (
    <TitleLine>
      <Title order={4} data-testid="help-title">
        Help ticket #{ticket.id}
      </Title>
      <ArchivedBadge archived={ticket.archived} testId="help-archived" />
      <StatusBadge status={ticket.ticket_status} testId="help-status" />
      {ticket.awaiting && (
        <Badge size="sm" variant="light" color="orange" data-testid="help-awaiting">
          {ticket.awaiting === 'office' ? 'Awaiting the office' : 'Awaiting the submitter'}
        </Badge>
      )}
      <Text size="xs" c="dimmed">
        {ticket.submitted_by_name ? `Raised by ${ticket.submitted_by_name} ` : ''}
        {ticket.created_at ? `on ${showDateTime(ticket.created_at)}` : ''}
      </Text>
      <UpdatedText at={ticket.last_updated} by={ticket.last_updated_by} />
    </TitleLine>
  );
}
