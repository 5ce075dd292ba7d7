import { searchDatesCalls } from '../../../lib/searchDates';
import { searchDatesKey } from './types';

/** The caller's saved ticket-list choices (GET/PUT /api/tickets/search_dates/). */
export const ticketSearchDates = searchDatesCalls('/api/tickets/search_dates/', searchDatesKey);
