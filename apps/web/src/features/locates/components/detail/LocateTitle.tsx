import { Badge, Group, Text, Title } from '@mantine/core';
import { FORM_TYPES } from '@trenchline/domain';
import { DaysToDue } from '../../../../components/table/DaysToDue';
import { showDate, showDateTime } from '../../../../lib/dates';
import type { LocateView } from '../../api/locateTypes';

const formTitle = (name: unknown) => FORM_TYPES.find((f) => f.name === name)?.form_title ?? 'Locate';

/** Which ticket this is, how close it expires, its status and when it last changed. */
export function LocateTitle({ locate }: { locate: LocateView }) {
  return (
    <Group gap="sm" wrap="wrap">
      <Title order={4} data-testid="locate-title">
        {formTitle(locate.form_type)} {locate.current_ticket_number || `#${locate.id}`}
      </Title>
      {locate.archived && (
        <Badge size="sm" color="gray">
          Archived
        </Badge>
      )}
      {locate.locate_status && (
        <Badge size="sm" variant="light" data-testid="locate-status">
          {locate.locate_status}
        </Badge>
      )}
      {locate.current_date_expiration && (
        <Group gap={4}>
          <Text size="xs" c="dimmed">
            Expires {showDate(locate.current_date_expiration)}
          </Text>
          <DaysToDue days={locate.locate_days_left} colour={locate.locate_days_colour} />
        </Group>
      )}
      <Text size="xs" c="dimmed">
        Updated {showDateTime(locate.last_updated)}
        {locate.last_updated_by ? ` by ${locate.last_updated_by}` : ''}
      </Text>
    </Group>
  );
}
