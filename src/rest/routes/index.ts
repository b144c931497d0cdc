import type { Route } from '../route.ts';
import { authRoutes } from './auth.routes.ts';
import { categoryRoutes } from './categories.routes.ts';
import { eventRoutes } from './events.routes.ts';
import { userRoutes } from './users.routes.ts';

/** The whole REST surface: mounted by app.ts, documented by openapi.ts, audited by the route-table test. */
export function allRoutes(opts: { allowRegistration: boolean }): Route[] {
  return [...authRoutes(opts), ...userRoutes, ...categoryRoutes, ...eventRoutes];
}
