import { searchDatesCalls } from '../../../lib/searchDates';
import { searchDatesKey } from './types';

/** The caller's saved project-list preferences (GET/PUT /api/projects/search_dates/). */
export const projectSearchDates = searchDatesCalls('/api/projects/search_dates/', searchDatesKey);
