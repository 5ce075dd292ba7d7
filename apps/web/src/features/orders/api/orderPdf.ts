/** The printable order (GET /api/crs/orders/{id}/pdf/, made by the worker), opened in a new window. */
export const orderPdfUrl = (id: string) => `/api/crs/orders/${encodeURIComponent(id)}/pdf/`;
