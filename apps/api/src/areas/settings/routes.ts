/**
 * The settings calls other screens make before the settings issue lands: they answer honestly that
 * nothing is set (no background picture, no customers yet) rather than inventing data.
 */
import { defineRoutes } from '../../platform/routes.ts';

export const settingsRoutes = defineRoutes('settings', [
  {
    method: 'get',
    path: '/settings/background_picture',
    summary: 'The account\'s background picture (url null when none is set)',
    handle: async () => ({ url: null }),
  },
  {
    method: 'get',
    path: '/settings/customers',
    summary: 'The account\'s customers',
    handle: async () => [],
  },
]);
