import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isApiError } from '../../../lib/http';
import type { AccountFile } from './types';

export type BackgroundPicture = Partial<AccountFile> & { url: string | null };

export const backgroundPictureKey = ['settings', 'background_picture'] as const;

/** The account's background picture; null until one is set (and before sign-in). */
export async function fetchBackgroundPicture(): Promise<string | null> {
  return (await fetchBackgroundPictureFile())?.url ?? null;
}

/** The picture with its file name and size (the settings screen's preview). */
export async function fetchBackgroundPictureFile(): Promise<BackgroundPicture | null> {
  try {
    return (await http.get<BackgroundPicture>('/api/settings/background_picture/')) ?? null;
  } catch (e) {
    if (isApiError(e) && (e.status === 401 || e.status === 404)) return null;
    throw e;
  }
}

export const backgroundPictureQuery = () =>
  queryOptions({ queryKey: backgroundPictureKey, queryFn: fetchBackgroundPicture, staleTime: 10 * 60_000 });

/** Only asked for with a session: the API answers 401 without one. */
export const useBackgroundPicture = (signedIn = true) => useQuery({ ...backgroundPictureQuery(), enabled: signedIn });

/** Under the Shell's key, so invalidating that refreshes both. */
export const backgroundPictureFileQuery = () =>
  queryOptions({ queryKey: [...backgroundPictureKey, 'file'], queryFn: fetchBackgroundPictureFile });

export const useBackgroundPictureFile = () => useQuery(backgroundPictureFileQuery());
