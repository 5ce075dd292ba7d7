import { useQueryClient } from '@tanstack/react-query';
import { useLiveRowEvents } from '../../../../lib/realtime';
import { jobTicketsKey } from '../../api/types';

/** Any ticket changed: a job screen's tickets are read again (they are few). */
export function useLiveJobTickets() {
  const qc = useQueryClient();
  useLiveRowEvents('tickets', () => void qc.invalidateQueries({ queryKey: jobTicketsKey }));
}
