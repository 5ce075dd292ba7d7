import { Badge, Group, Title } from '@mantine/core';
import { FORM_TYPES } from '@trenchline/domain';
import { ArchivedBadge, TitleDays, UpdatedText } from '../../../../components/record/TitleParts';
import { showDate } from '../../../../lib/dates';
import type { LocateView } from '../../api/locateTypes';

const formTitle = (name: unknown) => FORM_TYPES.find((f) => f.name === name)?.form_title ?? 'Locate';

/** Which ticket this is, how close it expires, its status and when it last changed. */
export function LocateTitle({ locate }: { locate: LocateView }) {
  return (
    <Group gap="sm" wrap="wrap">
      <Title order={4} data-testid="locate-title">
        {formTitle(locate.form_type)} {locate.current_ticket_number || `#${locate.id}`}
      </Title>
      <ArchivedBadge archived={locate.archived} />
      {locate.locate_status && (
        <Badge size="sm" variant="light" data-testid="locate-status">
          {locate.locate_status}
        </Badge>
      )}
      {locate.current_date_expiration && (
        <TitleDays label={`Expires ${showDate(locate.current_date_expiration)}`} days={locate.locate_days_left} colour={locate.locate_days_colour} />
      )}
      <UpdatedText at={locate.last_updated} by={locate.last_updated_by} />
    </Group>
  );
}
