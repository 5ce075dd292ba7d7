import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { settingsKey, type How2Tip } from './types';

export const how2sKey = [...settingsKey, 'how2s'] as const;

/** Every how-to tip, with whether the signed-in user has hidden it. */
export const fetchHow2Tips = (signal?: AbortSignal) => http.get<How2Tip[]>('/api/settings/how2s/', { signal });

export const how2TipsQuery = () => queryOptions({ queryKey: how2sKey, queryFn: ({ signal }) => fetchHow2Tips(signal) });

export const useHow2Tips = () => useQuery(how2TipsQuery());
