import { queryOptions, useQuery } from '@tanstack/react-query';
import { streamRecord } from '../../../components/record/recordRef';
import { http } from '../../../lib/http';
import { locateKey, locateStream, locateUrl, type LocateDetail } from './locateTypes';

/** One locate with its lines. */
export const fetchLocate = (id: string, signal?: AbortSignal) => http.get<LocateDetail>(locateUrl(id), { signal });

export const locateQuery = (id: string) => queryOptions({ queryKey: locateKey(id), queryFn: ({ signal }) => fetchLocate(id, signal) });

export const useLocate = (id: string) => useQuery(locateQuery(id));

/** The locate's history and its past (as of an instant). */
export const locateRecord = (id: string) => streamRecord(locateUrl(id), locateStream(id));
