import { Badge, ColorSwatch, Text, Title } from '@mantine/core';
import { ArchivedBadge, StatusBadge, TitleLine, UpdatedText } from '../../../components/record/TitleParts';
import type { SalesView } from '../api/types';
import { organizationName } from '../listLogic';

/** Which organization this is, its colour, type and status, and when it last changed. */
export function SalesTitle({ organization: o }: { organization: SalesView }) {
  return (
    <TitleLine>
      {o.colour_background && <ColorSwatch color={o.colour_background} size={16} withShadow={false} title={o.colour ?? undefined} />}
      <Title order={4} data-testid="organization-title">
        {organizationName(o)}
      </Title>
      <ArchivedBadge archived={o.archived} />
      {o.org_type && (
        <Badge size="sm" variant="outline">
          {o.org_type}
        </Badge>
      )}
      <StatusBadge status={o.status} testId="organization-status" />
      <Text size="xs" c="dimmed" data-testid="organization-counts">
        {o.contact_count} contacts · {o.call_count} calls · {o.meeting_count} meetings · {o.activity_hours} h
      </Text>
      <UpdatedText at={o.last_updated} by={o.last_updated_by} />
    </TitleLine>
  );
}
