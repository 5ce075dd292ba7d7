import { useMutation } from '@tanstack/react-query';
import { http, isApiError } from '../../../lib/http';
import type { SvaPlan } from './types';

export const SVA_IMPORT_URL = '/api/settings/jobs/sva_codes/import/';

export function svaCsvForm(file: File) {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** The plan a refused import answers with (400): the body itself, or under `plan`. */
export function planOf(e: unknown): SvaPlan | null {
  if (!isApiError(e)) return null;
  const body = e.body as unknown as { plan?: SvaPlan; rows?: unknown };
  if (body.plan && Array.isArray(body.plan.rows)) return body.plan;
  return Array.isArray(body.rows) ? (body as unknown as SvaPlan) : null;
}

/** What importing this CSV would do, row by row; nothing is written. */
export const previewSvaImport = (file: File) => http.post<SvaPlan>(`${SVA_IMPORT_URL}?preview=t`, svaCsvForm(file));

export const usePreviewSvaImport = () => useMutation({ mutationFn: previewSvaImport });
