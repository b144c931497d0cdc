import type { Resolvers } from '../__generated__/types.ts';
import { calendarResolvers } from './calendar.ts';
import { captureResolvers } from './captures.ts';
import { changeResolvers } from './changes.ts';
import { categoryResolvers } from './categories.ts';
import { dayResolvers } from './days.ts';
import { encryptionKeyResolvers } from './encryption-key.ts';
import { eventSourceResolvers } from './event-sources.ts';
import { erasureResolvers } from './erasure.ts';
import { eventResolvers } from './events.ts';
import { foodResolvers } from './food.ts';
import { goalResolvers } from './goals.ts';
import { importResolvers } from './imports.ts';
import { insightResolvers } from './insights.ts';
import { metricResolvers } from './metrics.ts';
import { narrativeResolvers } from './narratives.ts';
import { placeResolvers } from './places.ts';
import { routineResolvers } from './routines.ts';
import { subscriptionResolvers } from './subscriptions.ts';
import { suggestionResolvers } from './suggestions.ts';
import { timerResolvers } from './timers.ts';
import { userResolvers } from './users.ts';
import { versionResolvers } from './versions.ts';
import { webhookResolvers } from './webhooks.ts';
import { webPushResolvers } from './web-push.ts';
import { experimentResolvers } from './experiments.ts';
import { shareResolvers } from './shares.ts';
import { reminderResolvers } from './reminders.ts';
import { chartResolvers } from './charts.ts';

/** Every area's resolvers; each file holds one area's fields, relations and mutations. */
export const areaResolvers: Resolvers[] = [
  userResolvers,
  categoryResolvers,
  eventResolvers,
  suggestionResolvers,
  captureResolvers,
  dayResolvers,
  goalResolvers,
  insightResolvers,
  timerResolvers,
  eventSourceResolvers,
  encryptionKeyResolvers,
  metricResolvers,
  foodResolvers,
  placeResolvers,
  routineResolvers,
  calendarResolvers,
  narrativeResolvers,
  changeResolvers,
  versionResolvers,
  erasureResolvers,
  importResolvers,
  webhookResolvers,
  webPushResolvers,
  chartResolvers,
  subscriptionResolvers,
  experimentResolvers,
  shareResolvers,
  reminderResolvers,
];
