import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isApiError } from '../../../lib/http';

export interface BackgroundPicture {
  url: string | null;
}

/** The account's background picture; null until one is set (and before sign-in). */
export async function fetchBackgroundPicture(): Promise<string | null> {
  try {
    const answer = await http.get<BackgroundPicture>('/api/settings/background_picture/');
    return answer?.url ?? null;
  } catch (e) {
    if (isApiError(e) && (e.status === 401 || e.status === 404)) return null;
    throw e;
  }
}

export const backgroundPictureQuery = () =>
  queryOptions({ queryKey: ['settings', 'background_picture'], queryFn: fetchBackgroundPicture, staleTime: 10 * 60_000 });

/** Only asked for with a session: the API answers 401 without one. */
export const useBackgroundPicture = (signedIn = true) => useQuery({ ...backgroundPictureQuery(), enabled: signedIn });
