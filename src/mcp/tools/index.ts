import { calendarTools } from './calendar.ts';
import { changeTools } from './changes.ts';
import { dayTools } from './days.ts';
import { eventTools } from './events.ts';
import { experimentTools } from './experiments.ts';
import { shareTools } from './shares.ts';
import { reminderTools } from './reminders.ts';
import { foodTools } from './food.ts';
import { goalTools } from './goals.ts';
import { chartTools } from './charts.ts';
import { insightTools } from './insights.ts';
import { narrativeTools } from './narratives.ts';
import { placeTools } from './places.ts';
import { suggestionTools } from './suggestions.ts';
import type { Tool } from './tool.ts';
import { webhookTools } from './webhooks.ts';
import { webPushTools } from './web-push.ts';
import { importTools } from './imports.ts';

/** Every tool /mcp offers: all read-only, each through the same read use cases as REST. */
export const allTools: Tool[] = [
  ...dayTools,
  ...goalTools,
  ...chartTools,
  ...insightTools,
  ...eventTools,
  ...foodTools,
  ...placeTools,
  ...suggestionTools,
  ...calendarTools,
  ...narrativeTools,
  ...changeTools,
  ...webhookTools,
  ...webPushTools,
  ...importTools,
  ...experimentTools,
  ...shareTools,
  ...reminderTools,
];
