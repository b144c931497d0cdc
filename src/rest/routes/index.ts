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
import { webPushRoutes } from './web-push.routes.ts';
import { experimentRoutes } from './experiments.routes.ts';
import { importRoutes } from './imports.routes.ts';
import { chartRoutes } from './charts.routes.ts';
import { shareRoutes } from './shares.routes.ts';
import { reminderRoutes } from './reminders.routes.ts';
import { importSpoolDir } from '../../imports/settings.ts';

/** The whole REST surface: mounted by app.ts, documented by openapi.ts, audited by the route-table test. */
/**
 * `importMaxBytes`: IMPORT_MAX_BYTES, the largest file an import takes (default 4 GiB);
 * `importSpoolDir`: where uploads wait for their import (imports/settings.ts).
 */
export function allRoutes(opts: { allowRegistration: boolean; importMaxBytes?: number; importSpoolDir?: string }): Route[] {
  const maxBytes = opts.importMaxBytes ?? 4 * 1024 ** 3;
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
    ...archiveRoutes(maxBytes),
    ...importRoutes({ maxBytes, spoolDir: opts.importSpoolDir ?? importSpoolDir() }),
    ...webhookRoutes,
    ...webPushRoutes,
    ...chartRoutes,
    ...shareRoutes,
    ...reminderRoutes,
    ...experimentRoutes,
  ];
}
