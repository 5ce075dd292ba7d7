import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { svaCodesKey } from './listSvaCodes';
import { SVA_IMPORT_URL, svaCsvForm } from './previewSvaImport';
import { svaRateSheetKey } from './svaRateSheet';
import type { SvaPlan } from './types';

/** Import the CSV: all rows or, when any row is wrong, none (a 400 with the plan). */
export const importSvaCodes = (file: File) => http.post<SvaPlan>(SVA_IMPORT_URL, svaCsvForm(file));

export function useImportSvaCodes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importSvaCodes,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: svaCodesKey }), qc.invalidateQueries({ queryKey: svaRateSheetKey })]),
  });
}
