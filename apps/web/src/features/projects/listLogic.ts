/**
 * The project list's own logic (paging, filter, sort and selection are components/table/pagedList.ts,
 * the saved preferences and date-range presets lib/listPrefs.ts): the default sort and the distance
 * from the device to a project. Tested in listLogic.test.ts.
 */
import type { Sort } from '../../lib/listLogic';
import { numberOf } from '../../lib/numbers';

/** Spec 1: projects sort by project_days_left ascending by default (no due date last). */
export const DEFAULT_SORT: Sort = { key: 'project_days_left', dir: 'asc' };

// ---- distance from the device ---------------------------------------------------------------

export interface LatLon {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.7613;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function haversineMiles(a: LatLon, b: LatLon): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles from the device to the project's first location, one decimal; null without coordinates. */
export function distanceMiles(device: LatLon | null, location: { latitude?: unknown; longitude?: unknown } | null | undefined): number | null {
  if (!device || !location) return null;
  const latitude = numberOf(location.latitude);
  const longitude = numberOf(location.longitude);
  if (latitude === null || longitude === null) return null;
  return Math.round(haversineMiles(device, { latitude, longitude }) * 10) / 10;
}
