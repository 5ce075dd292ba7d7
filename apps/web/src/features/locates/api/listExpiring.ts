/** The expiry watch's call: watched locates expiring within the account's lead time or past (GET /api/locates/expiring/, paged). */
export const EXPIRING_PATH = '/api/locates/expiring/';
