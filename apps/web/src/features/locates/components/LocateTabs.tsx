import { useLocation, useNavigate } from 'react-router-dom';
import { SegmentedControl } from '@mantine/core';
import { useExpiringCount } from './useExpiringCount';
import { EXPIRING_PATH_WEB } from './ExpiringBadge';

/** The two views of /locate/: every locate of the saved choices, and the expiry watch (with its live count). */
export function LocateTabs() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const count = useExpiringCount();
  const expiring = pathname.startsWith(EXPIRING_PATH_WEB);
  const n = count.data?.count;
  return (
    <SegmentedControl
      size="xs"
      aria-label="Locate views"
      value={expiring ? 'expiring' : 'list'}
      onChange={(v) => navigate(v === 'expiring' ? EXPIRING_PATH_WEB : '/locate/')}
      data={[
        { value: 'list', label: 'All locates' },
        { value: 'expiring', label: n === undefined ? 'Expiring' : `Expiring (${n})` },
      ]}
    />
  );
}
