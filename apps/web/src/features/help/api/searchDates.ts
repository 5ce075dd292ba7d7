import { searchDatesCalls } from '../../../lib/searchDates';
import { searchDatesKey } from './types';

/** The caller's saved help-list choices (GET/PUT /api/help/search_dates/; the last 90 days until first saved). */
export const helpSearchDates = searchDatesCalls('/api/help/search_dates/', searchDatesKey);
