/** The help list's call (GET /api/help/, paged by components/table/usePagedList). */
export const HELP_TICKETS_PATH = '/api/help/';
