import { Text, Title } from '@mantine/core';
import { ArchivedBadge, DaysLeft, StatusBadge, TitleLine, UpdatedText } from '../../../../components/record/TitleParts';
import type { RfqView } from '../../api/types';
import { rfqNumberText } from '../../listLogic';

/** Which RFQ this is, its title, status, days to bid due and when it last changed. */
export function RfqTitle({ rfq }: { rfq: RfqView }) {
  return (
    <TitleLine>
      <Title order={4} data-testid="rfq-title">
        RFQ {rfqNumberText(rfq)}
        {rfq.title ? <Text span inherit fw={400} c="dimmed">{` · ${rfq.title}`}</Text> : null}
      </Title>
      <ArchivedBadge archived={rfq.archived} />
      <StatusBadge status={rfq.rfq_status} color={rfq.rfq_status === 'Won' ? 'green' : 'blue'} testId="rfq-status" />
      <DaysLeft label="Days to bid due" days={rfq.rfq_days_left} colour={rfq.rfq_days_colour} />
      <UpdatedText at={rfq.last_updated} by={rfq.last_updated_by} />
    </TitleLine>
  );
}
