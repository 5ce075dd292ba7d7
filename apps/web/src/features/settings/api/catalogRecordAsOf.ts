import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogRecordDef } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { asOfKey, asOfParam, catalogRecordUrl, type AsOf, type CatalogRow } from './types';

/** A catalog record (crew, customer, product ...) with its lines, as it stood at `at` (an ISO time). */
export const fetchCatalogRecordAsOf = (def: CatalogRecordDef, id: string, at: string, signal?: AbortSignal) =>
  http.get<AsOf<CatalogRow>>(`${catalogRecordUrl(def, id)}${asOfParam(at)}`, { signal });

export const catalogRecordAsOfQuery = (def: CatalogRecordDef, id: string, at: string) =>
  queryOptions({
    queryKey: asOfKey(`${def.aggregate}-${id}`, at),
    queryFn: ({ signal }) => fetchCatalogRecordAsOf(def, id, at, signal),
    staleTime: Infinity,
  });

export const useCatalogRecordAsOf = (def: CatalogRecordDef, id: string, at: string) => useQuery(catalogRecordAsOfQuery(def, id, at));
