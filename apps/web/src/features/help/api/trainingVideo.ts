import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { trainingVideoKey } from './types';

/** The account's training video: `file` (and `url`) its address, null when none is set. */
export interface TrainingVideo {
  file: string | null;
  url: string | null;
  file_name: string | null;
  content_type?: string | null;
}

/** GET /api/settings/how2s/videos/1/ (null when the account has none). */
export const fetchTrainingVideo = (signal?: AbortSignal) => http.get<TrainingVideo | null>('/api/settings/how2s/videos/1/', { signal });

export const trainingVideoQuery = () => queryOptions({ queryKey: trainingVideoKey, queryFn: ({ signal }) => fetchTrainingVideo(signal) });

export const useTrainingVideo = () => useQuery(trainingVideoQuery());
