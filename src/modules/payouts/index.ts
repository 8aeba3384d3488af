export { payoutRoutes } from './routes.ts';
export { payoutAdminRoutes } from './admin-routes.ts';
