import { useQuery } from '@tanstack/react-query';
import { DEFAULT_LOCATE_RULES, type LocateRules } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { rulesOfSettings, type LocateSettingsAnswer } from '../components/detail/reUpLogic';

/** The account's locate rules (GET /api/settings/locates/), so a re-up shows the dates the server will fill. */
export const fetchLocateRules = async (signal?: AbortSignal): Promise<LocateRules> => rulesOfSettings(await http.get<LocateSettingsAnswer>('/api/settings/locates/', { signal }));

export const useLocateRules = () => useQuery({ queryKey: ['settings', 'locates', 'rules'], queryFn: ({ signal }) => fetchLocateRules(signal), placeholderData: DEFAULT_LOCATE_RULES });
