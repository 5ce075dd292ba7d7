import { Badge } from '@mantine/core';
import { awaitingText, badgeText } from '../listLogic';
import { useAwaitingCount } from './useAwaitingCount';

/** The navigation's count of help tickets awaiting the user (an answer from the office, or their own reply), kept live. */
export function AwaitingBadge() {
  const count = useAwaitingCount();
  const text = badgeText(count.data?.count);
  if (!text) return null;
  const n = count.data?.count ?? 0;
  return (
    <Badge
      size="sm"
      color="orange"
      variant="filled"
      circle={text.length < 3}
      component="span"
      aria-label={`${n} help ${n === 1 ? 'ticket awaits' : 'tickets await'} you`}
      title={awaitingText(count.data)}
      data-testid="help-badge"
      data-count={n}
    >
      {text}
    </Badge>
  );
}
