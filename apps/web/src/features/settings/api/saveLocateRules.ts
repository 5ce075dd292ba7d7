import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { locateRulesKey, type LocateRulesAnswer } from './locateRules';

export type LocateRulesValues = Pick<LocateRulesAnswer, 'ticket_life_days' | 'ticket_life_basis' | 'work_wait_days' | 'reup_lead_days'>;

/** PUT /api/settings/locates/: the rules, merged by field from the version the user saw. */
export const saveLocateRules = ({ values, version }: { values: Partial<LocateRulesValues>; version?: number }) =>
  http.put<LocateRulesAnswer>('/api/settings/locates/', values, { ifMatch: version ?? null });

export function useSaveLocateRules() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveLocateRules, onSuccess: (answer) => qc.setQueryData(locateRulesKey, answer) });
}
