import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** A form type of the locate screens (GET /api/settings/form_types/?nav=locate). */
export interface LocateFormType {
  id?: number;
  name: string;
  ux_name: string;
  form_title: string;
}

export const fetchLocateFormTypes = (signal?: AbortSignal) => http.get<LocateFormType[]>('/api/settings/form_types/?nav=locate', { signal });

/** The list is the server's and rarely changes: kept for the session. */
export const locateFormTypesQuery = () => queryOptions({ queryKey: ['settings', 'form_types', 'locate'], queryFn: ({ signal }) => fetchLocateFormTypes(signal), staleTime: Infinity });

export const useLocateFormTypes = () => useQuery(locateFormTypesQuery());
