import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** A form type of the job screens (GET /api/settings/form_types/?nav=job). */
export interface FormType {
  id?: number;
  name: string;
  ux_name: string;
  form_title: string;
}

export const fetchJobFormTypes = (signal?: AbortSignal) => http.get<FormType[]>('/api/settings/form_types/?nav=job', { signal });

/** The list is the server's and rarely changes: kept for the session. */
export const jobFormTypesQuery = () => queryOptions({ queryKey: ['settings', 'form_types', 'job'], queryFn: ({ signal }) => fetchJobFormTypes(signal), staleTime: Infinity });

export const useJobFormTypes = () => useQuery(jobFormTypesQuery());
