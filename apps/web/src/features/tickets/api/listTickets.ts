/** The ticket list's call (GET /api/tickets/, paged by components/table/usePagedList). */
export const TICKETS_PATH = '/api/tickets/';
