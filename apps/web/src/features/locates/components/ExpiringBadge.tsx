import { useNavigate } from 'react-router-dom';
import { Badge } from '@mantine/core';
import { badgeText } from '../listLogic';
import { useExpiringCount } from './useExpiringCount';

export const EXPIRING_PATH_WEB = '/locate/expiring/';

/**
 * The navigation's count of expiring locates (every user of the account sees it), kept live;
 * clicking it opens the expiring view.
 */
export function ExpiringBadge() {
  const navigate = useNavigate();
  const count = useExpiringCount();
  const text = badgeText(count.data?.count);
  if (!text) return null;
  const n = count.data?.count ?? 0;
  const go = (e: { preventDefault: () => void; stopPropagation: () => void }) => {
    // Inside the navigation link: the badge goes to the expiring view, not the list.
    e.preventDefault();
    e.stopPropagation();
    navigate(EXPIRING_PATH_WEB);
  };
  return (
    <Badge
      size="sm"
      color="red"
      variant="filled"
      circle={text.length < 3}
      component="span"
      role="link"
      tabIndex={0}
      aria-label={`${n} ${n === 1 ? 'locate' : 'locates'} expiring: open the expiring view`}
      title={`${n} ${n === 1 ? 'locate needs' : 'locates need'} a re-up: click to see ${n === 1 ? 'it' : 'them'}`}
      data-testid="expiring-badge"
      data-count={n}
      style={{ cursor: 'pointer' }}
      onClick={go}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && go(e)}
    >
      {text}
    </Badge>
  );
}
