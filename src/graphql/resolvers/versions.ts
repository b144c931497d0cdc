import type { Resolvers } from '../__generated__/types.ts';
import { versionField } from '../versions.ts';

/** Every versioned type's `version`: the same number as its REST ETag and its changes-feed entries. */
export const versionResolvers: Resolvers = {
  Profile: { version: versionField('profile', (p) => p.id) },
  Category: { version: versionField('category', (c) => c.id) },
  Event: { version: versionField('event', (e) => e.id) },
  Suggestion: { version: versionField('suggestion', (s) => s.id) },
  LogCapture: { version: versionField('log_capture', (c) => c.id) },
  Goal: { version: versionField('goal', (g) => g.slug) },
  TrackingTimer: { version: versionField('tracking_timer', (t) => t.id) },
  DataSource: { version: versionField('event_source', (s) => s.id) },
  EncryptionKey: { version: versionField('encryption_key', (k) => k.userId) },
  MetricDefinition: { version: versionField('metric_definition', (d) => d.id) },
  FoodItem: { version: versionField('food_item', (f) => f.id) },
  SavedMeal: { version: versionField('saved_meal', (m) => m.id) },
  Place: { version: versionField('place', (p) => p.id) },
  Routine: { version: versionField('routine', (r) => r.id) },
  CalendarEvent: { version: versionField('calendar_event', (e) => e.id) },
  Narrative: { version: versionField('narrative', (n) => n.id) },
};
