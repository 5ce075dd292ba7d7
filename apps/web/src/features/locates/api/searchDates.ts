import { searchDatesCalls } from '../../../lib/searchDates';
import { searchDatesKey } from './types';

/** The caller's saved locate-list choices (GET/PUT /api/locates/search_dates/). */
export const locateSearchDates = searchDatesCalls('/api/locates/search_dates/', searchDatesKey);
