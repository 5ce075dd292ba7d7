import { useQueryClient } from '@tanstack/react-query';
import { useLiveRowEvents } from '../../../../lib/realtime';
import { jobLocatesKey } from '../../api/locateTypes';

/** Any locate changed: a job screen's locates and its coverage are read again (they are few). */
export function useLiveJobLocates() {
  const qc = useQueryClient();
  useLiveRowEvents('locates', () => void qc.invalidateQueries({ queryKey: jobLocatesKey }));
}
