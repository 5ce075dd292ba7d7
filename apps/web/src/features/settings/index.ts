/** What the app shell and other screens use of settings: its routes, the catalogs others pick from, the background picture. */
export { settingsRoutes } from './routes';
export { useCatalog, catalogQuery } from './api/listCatalog';
export { useSvaCodes } from './api/listSvaCodes';
export { useBackgroundPicture } from './api/backgroundPicture';
export { useUsers } from './api/listUsers';
export { useWebhooks } from './api/webhooks';
