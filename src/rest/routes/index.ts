import type { Route } from '../route.ts';
import { authRoutes } from './auth.routes.ts';
import { categoryRoutes } from './categories.routes.ts';
import { eventRoutes } from './events.routes.ts';
import { insightRoutes } from './insights.routes.ts';
import { userRoutes } from './users.routes.ts';
import { metricRoutes } from './metrics.routes.ts';
import { dayRoutes } from './days.routes.ts';
import { goalRoutes } from './goals.routes.ts';
import { captureRoutes } from './captures.routes.ts';
import { suggestionRoutes } from './suggestions.routes.ts';
import { eventSourceRoutes } from './event-sources.routes.ts';
import { timerRoutes } from './timers.routes.ts';
import { encryptionKeyRoutes } from './encryption-key.routes.ts';
import { foodRoutes } from './food.routes.ts';
import { savedMealRoutes } from './saved-meals.routes.ts';
import { placeRoutes } from './places.routes.ts';
import { routineRoutes } from './routines.routes.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { narrativeRoutes } from './narratives.routes.ts';
import { changeRoutes } from './changes.routes.ts';
import { erasureRoutes } from './erasure.routes.ts';
import { archiveRoutes } from './archive.routes.ts';
import { webhookRoutes } from './webhooks.routes.ts';
import { experimentRoutes } from './experiments.routes.ts';

/** The whole REST surface: mounted by app.ts, documented by openapi.ts, audited by the route-table test. */
/** `importMaxBytes`: IMPORT_MAX_BYTES, the largest archive an import takes (default 1 GiB). */
export function allRoutes(opts: { allowRegistration: boolean; importMaxBytes?: number }): Route[] {
  return [
    ...authRoutes(opts),
    ...userRoutes,
    ...categoryRoutes,
    ...eventRoutes,
    ...metricRoutes,
    ...dayRoutes,
    ...goalRoutes,
    ...insightRoutes,
    ...captureRoutes,
    ...suggestionRoutes,
    ...eventSourceRoutes,
    ...timerRoutes,
    ...encryptionKeyRoutes,
    ...foodRoutes,
    ...savedMealRoutes,
    ...placeRoutes,
    ...routineRoutes,
    ...calendarRoutes,
    ...narrativeRoutes,
    ...changeRoutes,
    ...erasureRoutes,
    ...archiveRoutes(opts.importMaxBytes ?? 1024 ** 3),
    ...webhookRoutes,
    ...experimentRoutes,
  ];
}
