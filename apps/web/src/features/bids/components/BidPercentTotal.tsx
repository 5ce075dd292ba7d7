import { Text } from '@mantine/core';
import { bidPercentColour, bidPercentTotal, type Line } from '@trenchline/domain';

/** The items' bid_percent total: red strictly between 0 and 100, green at exactly 100. Never blocks saving. */
export function BidPercentTotal({ items }: { items: Line[] }) {
  const total = bidPercentTotal(items);
  const colour = bidPercentColour(total);
  const c = colour === 'red' ? 'red' : colour === 'green' ? 'teal' : undefined;
  return (
    <Text
      size="sm"
      mt={4}
      fw={600}
      data-testid="bid-percent-total"
      data-colour={colour ?? 'none'}
      c={c ? `${c}.9` : undefined}
      bg={c ? `${c}.1` : undefined}
      px={8}
      py={2}
      style={{ display: 'inline-block', borderRadius: 4 }}
    >
      Bid % total: {total}
      {colour === 'red' && ' (not 100)'}
    </Text>
  );
}
