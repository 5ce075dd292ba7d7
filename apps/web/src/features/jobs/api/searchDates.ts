import { searchDatesCalls } from '../../../lib/searchDates';

/** The caller's job-list choices (GET/PUT /api/jobs/search_dates/), shared by /job/ and /job/others/. */
export const jobSearchDates = searchDatesCalls('/api/jobs/search_dates/', ['jobs', 'search_dates']);
