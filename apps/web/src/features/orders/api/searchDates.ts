import { searchDatesCalls } from '../../../lib/searchDates';
import { searchDatesKey } from './types';

/** The caller's saved order-list choices (GET/PUT /api/crs/orders/search_dates/). */
export const orderSearchDates = searchDatesCalls('/api/crs/orders/search_dates/', searchDatesKey);
