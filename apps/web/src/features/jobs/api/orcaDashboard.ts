/**
 * The ORCA dashboards' calls (contract sections 1, 2, 4 and 5): the dashboard's rows, its saved
 * preference set, a billing line deleted, and the CSV import (template, preview, import).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, upload } from '../../../lib/http';
import type { BulkOperation } from '../../../components/record/useBulkOperation';
import { dashboardPrefsOf, ORCA_PREFS_PATH, type OrcaDashboardPrefs } from '../orca/dashboard';
import { BILLING_PATH } from '../orca/billing';
import { IMPORT_PATH, IMPORT_PREVIEW_PATH, type ImportEncoding, type ImportPreview } from '../orca/csvImport';
import type { JobRow } from './listJobs';

/** A row of GET /api/jobs/orcas/: the job list row plus the dashboard's columns. */
export type OrcaRow = JobRow & {
  task_count: number;
  CIBE_issued_grand_total: number | null;
  CIBE_job_grand_total: number | null;
  CIBE_job_grand_total_difference: number | null;
  /** Who last changed the job (any of its lines included), and when. */
  last_updated_by: string | null;
  version?: number;
};

// ---- preferences -----------------------------------------------------------------------------

export const dashboardPrefsKey = ['jobs', 'orcas', 'dashboard_prefs'] as const;

/** The saves still under way: a read waits for them, so a screen reopened at once gets what was just saved. */
let saving: Promise<unknown> = Promise.resolve();

export const fetchDashboardPrefs = async (signal?: AbortSignal) => {
  await saving;
  return dashboardPrefsOf(await http.get<Record<string, unknown>>(ORCA_PREFS_PATH, { signal }));
};

/** A PUT of any subset; the answer is the whole set. `keepalive`: made as the user leaves the page. */
export const saveDashboardPrefs = async (patch: Partial<OrcaDashboardPrefs>, opts: { keepalive?: boolean } = {}) => {
  const put = http.put<Record<string, unknown>>(ORCA_PREFS_PATH, patch, { keepalive: opts.keepalive });
  saving = Promise.all([saving, put.catch(() => undefined)]);
  return dashboardPrefsOf(await put);
};

/** Read on every visit (another tab or user session may have saved since). */
export const useDashboardPrefs = () => useQuery(queryOptions({ queryKey: dashboardPrefsKey, queryFn: ({ signal }) => fetchDashboardPrefs(signal), staleTime: 0, gcTime: 0 }));

export function useSaveDashboardPrefs() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (patch: Partial<OrcaDashboardPrefs>) => saveDashboardPrefs(patch), onSuccess: (saved) => qc.setQueryData(dashboardPrefsKey, saved) });
}

// ---- billing ---------------------------------------------------------------------------------

/** DELETE /api/jobs/orcas/billings/{id}/: the invoice line goes from its job. */
export const deleteBilling = (id: string) => http.del(`${BILLING_PATH}${encodeURIComponent(id)}/`);

// ---- CSV import ------------------------------------------------------------------------------

/** The file and the encoding chosen on the screen ('auto': the api detects UTF-8 or Windows-1252). */
const csvForm = (file: File, encoding: ImportEncoding) => {
  const form = new FormData();
  form.append('encoding', encoding);
  form.append('file', file, file.name);
  return form;
};

/** POST import/preview/: what the file would make, and every bad cell. */
export const previewImport = (file: File, encoding: ImportEncoding = 'auto') => upload<ImportPreview>(IMPORT_PREVIEW_PATH, csvForm(file, encoding));

/** POST import/: 202 with the bulk operation that imports (a 400 lists the bad cells, nothing written). */
export const startImport = (file: File, encoding: ImportEncoding = 'auto') => upload<BulkOperation>(IMPORT_PATH, csvForm(file, encoding));
