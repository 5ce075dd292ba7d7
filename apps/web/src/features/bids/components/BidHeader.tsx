import type { ReactNode } from 'react';
import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { showDateTime } from '../../../lib/dates';
import type { BidDetail } from '../api/types';
import { DaysCell } from './BidTable';

/** The bid's title line: who it is, how close it is due, and the screen's actions. */
export function BidHeader({ bid, children }: { bid: BidDetail; children?: ReactNode }) {
  return (
    <Paper withBorder p="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Title order={4}>Bid {bid.work_request || `#${bid.id}`}</Title>
          {bid.archived && (
            <Badge size="sm" color="gray">
              Archived
            </Badge>
          )}
          {bid.bid_days_away !== null && (
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                Days to due
              </Text>
              <DaysCell days={bid.bid_days_away} />
            </Group>
          )}
          {bid.our_status && (
            <Text size="xs" c="dimmed">
              Our status <b>{bid.our_status}</b>
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Updated {showDateTime(bid.last_updated)}
          </Text>
        </Group>
        <Group gap={6} wrap="wrap">
          {children}
        </Group>
      </Group>
    </Paper>
  );
}
