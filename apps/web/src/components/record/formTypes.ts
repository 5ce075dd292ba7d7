import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** A form type a screen creates records of (GET /api/settings/form_types/?nav=job|ticket|locate|rfq). */
export interface FormType {
  id?: number;
  name: string;
  ux_name: string;
  form_title: string;
}

export type FormTypeNav = 'job' | 'ticket' | 'locate' | 'rfq';

/** The list is the server's and rarely changes: kept for the session. */
export const formTypesQuery = (nav: FormTypeNav) =>
  queryOptions({ queryKey: ['settings', 'form_types', nav], queryFn: ({ signal }) => http.get<FormType[]>(`/api/settings/form_types/?nav=${nav}`, { signal }), staleTime: Infinity });

export const useFormTypes = (nav: FormTypeNav) => useQuery(formTypesQuery(nav));
