/** The locate list's call (GET /api/locates/, paged by components/table/usePagedList). */
export const LOCATES_PATH = '/api/locates/';
