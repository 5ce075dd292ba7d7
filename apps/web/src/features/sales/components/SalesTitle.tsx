import { Badge, ColorSwatch, Group, Text, Title } from '@mantine/core';
import { showDateTime } from '../../../lib/dates';
import type { SalesView } from '../api/types';
import { organizationName } from '../listLogic';

/** Which organization this is, its colour, type and status, and when it last changed. */
export function SalesTitle({ organization: o }: { organization: SalesView }) {
  return (
    <Group gap="sm" wrap="wrap">
      {o.colour_background && <ColorSwatch color={o.colour_background} size={16} withShadow={false} title={o.colour ?? undefined} />}
      <Title order={4} data-testid="organization-title">
        {organizationName(o)}
      </Title>
      {o.archived && (
        <Badge size="sm" color="gray">
          Archived
        </Badge>
      )}
      {o.org_type && (
        <Badge size="sm" variant="outline">
          {o.org_type}
        </Badge>
      )}
      {o.status && (
        <Badge size="sm" variant="light" data-testid="organization-status">
          {o.status}
        </Badge>
      )}
      <Text size="xs" c="dimmed" data-testid="organization-counts">
        {o.contact_count} contacts · {o.call_count} calls · {o.meeting_count} meetings · {o.activity_hours} h
      </Text>
      <Text size="xs" c="dimmed">
        Updated {showDateTime(o.last_updated)}
        {o.last_updated_by ? ` by ${o.last_updated_by}` : ''}
      </Text>
    </Group>
  );
}
