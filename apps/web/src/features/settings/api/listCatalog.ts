import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogRecordDef } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { catalogKey, catalogUrl, type CatalogRow } from './types';

/** Active records by name, or with `all` the inactive ones too; waits for this client's own writes. */
export const fetchCatalog = (def: CatalogRecordDef, all: boolean, signal?: AbortSignal) =>
  http.list<CatalogRow[]>(`${catalogUrl(def)}${all ? '?all=t' : ''}`, { signal });

/** Live events arrive only while the list is on screen, so it is refetched whenever it is opened. */
export const catalogQuery = (def: CatalogRecordDef, all: boolean) =>
  queryOptions({ queryKey: catalogKey(def, all), queryFn: ({ signal }) => fetchCatalog(def, all, signal), staleTime: 0 });

export const useCatalog = (def: CatalogRecordDef, all = false) => useQuery(catalogQuery(def, all));
