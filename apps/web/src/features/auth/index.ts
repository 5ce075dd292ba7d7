/** What the app shell and other screens use of sign-in: its routes and the signed-in user. */
export { authRoutes } from './routes';
export { useMe, meKey, meQuery } from './api/me';
export { useLogout } from './api/logout';
export type { User } from './api/types';
export { can, homeOf, useCan, type Ability } from './can';
