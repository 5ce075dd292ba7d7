import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogRecordDef } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { catalogRecordUrl, rowOf, type CatalogRow, type WriteAnswer } from './types';

export interface SaveCatalogInput {
  id: string;
  /** Only the fields the user changed. */
  values: Record<string, unknown>;
  /** The version the user saw: a later change by someone else is a 409, never overwritten. */
  version?: number;
  /** The row as listed: the answer is laid over it, so a short answer never blanks a column. */
  base?: CatalogRow;
}

export const saveCatalogRecord = (def: CatalogRecordDef, { id, values, version }: SaveCatalogInput) =>
  http.put<WriteAnswer<CatalogRow>>(catalogRecordUrl(def, id), values, { ifMatch: version ?? null });

export function useSaveCatalogRecord(def: CatalogRecordDef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveCatalogInput) => saveCatalogRecord(def, input),
    onSuccess: (answer, { id, values, base }) => {
      if (answer?.id) applyRowEvent(qc, { list: def.list, op: 'upsert', id, row: { ...base, ...values, ...rowOf(answer) } });
    },
  });
}
