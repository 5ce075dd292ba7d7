import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogRecordDef } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { catalogRecordUrl } from './types';

export const deleteCatalogRecord = (def: CatalogRecordDef, id: string) => http.del(catalogRecordUrl(def, id));

export function useDeleteCatalogRecord(def: CatalogRecordDef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCatalogRecord(def, id),
    onSuccess: (_a, id) => applyRowEvent(qc, { list: def.list, op: 'remove', id }),
  });
}
