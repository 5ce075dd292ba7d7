import type { ReactNode } from 'react';
import { Group, Paper, Text, Title } from '@mantine/core';
import { dueColour } from '@trenchline/domain';
import { ArchivedBadge, DaysLeft, TitleLine, UpdatedText } from '../../../components/record/TitleParts';
import type { BidDetail } from '../api/types';

/** The bid's title line: who it is, how close it is due, and the screen's actions. */
export function BidHeader({ bid, children }: { bid: BidDetail; children?: ReactNode }) {
  return (
    <Paper withBorder p="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <TitleLine>
          <Title order={4}>Bid {bid.work_request || `#${bid.id}`}</Title>
          <ArchivedBadge archived={bid.archived} />
          <DaysLeft label="Days to due" days={bid.bid_days_away} colour={dueColour(bid.bid_days_away)} />
          {bid.our_status && (
            <Text size="xs" c="dimmed">
              Our status <b>{bid.our_status}</b>
            </Text>
          )}
          <UpdatedText at={bid.last_updated} />
        </TitleLine>
        <Group gap={6} wrap="wrap">
          {children}
        </Group>
      </Group>
    </Paper>
  );
}
