import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { settingsKey, type AccountFile } from './types';

export const trainingVideoKey = [...settingsKey, 'training_video'] as const;

/** The account's training video (url null when none is set). */
export const fetchTrainingVideo = (signal?: AbortSignal) => http.get<AccountFile>('/api/settings/how2s/videos/1/', { signal });

export const trainingVideoQuery = () => queryOptions({ queryKey: trainingVideoKey, queryFn: ({ signal }) => fetchTrainingVideo(signal) });

export const useTrainingVideo = () => useQuery(trainingVideoQuery());
