/** The order list's call (GET /api/crs/orders/, paged by components/table/usePagedList). */
export const ORDERS_PATH = '/api/crs/orders/';
