import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogRecordDef } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { catalogUrl, rowOf, type CatalogRow, type WriteAnswer } from './types';

/** Add a record; a blank name is a 400 naming the field, a taken crew name a 409. */
export const addCatalogRecord = (def: CatalogRecordDef, values: Record<string, unknown>) =>
  http.post<WriteAnswer<CatalogRow>>(catalogUrl(def), values);

export function useAddCatalogRecord(def: CatalogRecordDef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) => addCatalogRecord(def, values),
    // The new row shows at once; the live event that follows changes nothing.
    onSuccess: (answer, values) => {
      if (answer?.id) applyRowEvent(qc, { list: def.list, op: 'upsert', id: answer.id, row: { ...def.defaults, ...values, ...rowOf(answer) } });
    },
  });
}
