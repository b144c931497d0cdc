import { AccessToken } from '../auth/access-token.entity.ts';
import { OAuthClient, OAuthCode, OAuthGrant, OAuthRefreshToken } from '../auth/oauth/oauth.entities.ts';
import { PendingLogin, Session } from '../auth/session.entity.ts';
import { Category } from '../domain/categories/category.entity.ts';
import { Event } from '../domain/events/event.entity.ts';
import { User } from '../domain/users/user.entity.ts';
import { MetricAutomation, MetricDefinition } from '../domain/metrics/metric.entity.ts';
import { MetricGoal } from '../domain/goals/goal.entity.ts';
import { LogCapture } from '../domain/captures/capture.entity.ts';
import { Suggestion } from '../domain/inbox/suggestion.entity.ts';
import { EventSourceRow } from '../domain/event-sources/event-source.entity.ts';
import { TrackingTimer } from '../domain/timers/timer.entity.ts';
import { FoodItem } from '../domain/food/food-item.entity.ts';
import { MealItem, SavedMeal } from '../domain/food/saved-meal.entity.ts';
import { Place, PlaceVisit } from '../domain/places/place.entity.ts';
import { Routine } from '../domain/routines/routine.entity.ts';
import { CalendarEvent } from '../domain/calendar/calendar-event.entity.ts';
import { Narrative } from '../domain/narratives/narrative.entity.ts';
import { Webhook } from '../domain/webhooks/webhook.entity.ts';
import { ImportJob } from '../imports/import.entity.ts';
import { Experiment } from '../domain/experiments/experiment.entity.ts';
import { Share } from '../domain/shares/share.entity.ts';
import { PushSubscription } from '../domain/push/push-subscription.entity.ts';
import { Reminder } from '../domain/reminders/reminder.entity.ts';
import { EncryptionKey, ReplacedEncryptionKey } from '../domain/encryption-key/encryption-key.entity.ts';

export const entities = [
  User,
  Session,
  PendingLogin,
  AccessToken,
  Category,
  Event,
  MetricDefinition,
  MetricAutomation,
  MetricGoal,
  LogCapture,
  Suggestion,
  EventSourceRow,
  TrackingTimer,
  EncryptionKey,
  ReplacedEncryptionKey,
  FoodItem,
  SavedMeal,
  MealItem,
  Place,
  PlaceVisit,
  Routine,
  CalendarEvent,
  Narrative,
  OAuthClient,
  OAuthGrant,
  OAuthCode,
  OAuthRefreshToken,
  Webhook,
  ImportJob,
  Experiment,
  Share,
  PushSubscription,
  Reminder,
];
