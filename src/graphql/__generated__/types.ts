import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { UserParent as UserParentModel, ChangesPageParent as ChangesPageParentModel, MetricReadingPageParent as MetricReadingPageParentModel, EventPageParent as EventPageParentModel, LogCapturePageParent as LogCapturePageParentModel, CalendarEventPageParent as CalendarEventPageParentModel, NarrativePageParent as NarrativePageParentModel, PlaceVisitPageParent as PlaceVisitPageParentModel, ChangeParent as ChangeParentModel } from '../mappers.ts';
import type { Profile as ProfileModel } from '../../domain/users/users.service.ts';
import type { Category as CategoryModel } from '../../domain/categories/category.entity.ts';
import type { Event as EventModel } from '../../domain/events/event.entity.ts';
import type { Suggestion as SuggestionModel } from '../../domain/inbox/suggestion.entity.ts';
import type { SuggestionPage as SuggestionPageModel } from '../../domain/suggestions/suggestions.service.ts';
import type { LogCapture as LogCaptureModel } from '../../domain/captures/capture.entity.ts';
import type { GoalMetric as GoalMetricModel } from '../../domain/goals/goals.service.ts';
import type { PeriodResult as PeriodResultModel } from '../../domain/goals/periods.ts';
import type { DaySummary as DaySummaryModel, DayMetric as DayMetricModel, DayMetricSource as DayMetricSourceModel, DayFactor as DayFactorModel, GoalProgress as GoalProgressModel } from '../../domain/days/day-summary.ts';
import type { InsightGraph as InsightGraphModel, InsightCenter as InsightCenterModel, InsightEdge as InsightEdgeModel } from '../../domain/insights/graph.ts';
import type { Episodes as EpisodesModel, EpisodeCard as EpisodeCardModel } from '../../domain/insights/episodes.ts';
import type { TrackingTimer as TrackingTimerModel } from '../../domain/timers/timer.entity.ts';
import type { EventSourceRow as EventSourceRowModel } from '../../domain/event-sources/event-source.entity.ts';
import type { EncryptionKey as EncryptionKeyModel, ReplacedEncryptionKey as ReplacedEncryptionKeyModel } from '../../domain/encryption-key/encryption-key.entity.ts';
import type { MetricType as MetricTypeModel } from '../../domain/metric-types/catalogue.ts';
import type { Reading as ReadingModel } from '../../domain/metrics/readings.service.ts';
import type { IngestResult as IngestResultModel } from '../../domain/metrics/ingest-result.ts';
import type { RankedSource as RankedSourceModel, Definition as DefinitionModel } from '../../domain/metrics/definitions.service.ts';
import type { MetricAutomation as MetricAutomationModel } from '../../domain/metrics/metric.entity.ts';
import type { FoodItem as FoodItemModel } from '../../domain/food/food-item.entity.ts';
import type { SavedMeal as SavedMealModel, MealItem as MealItemModel } from '../../domain/food/saved-meal.entity.ts';
import type { Nutrition as NutritionModel } from '../../domain/food/nutrients.ts';
import type { PlaceRecord as PlaceRecordModel } from '../../domain/places/places.service.ts';
import type { VisitRecord as VisitRecordModel } from '../../domain/places/visits.service.ts';
import type { LocationBatchResult as LocationBatchResultModel } from '../../domain/places/locations.service.ts';
import type { Routine as RoutineModel } from '../../domain/routines/routine.entity.ts';
import type { CalendarEvent as CalendarEventModel } from '../../domain/calendar/calendar-event.entity.ts';
import type { Narrative as NarrativeModel } from '../../domain/narratives/narrative.entity.ts';
import type { NarrativeDigest as NarrativeDigestModel } from '../../domain/narratives/digest.ts';
import type { Erasure as ErasureModel } from '../../domain/erasure/erasure.service.ts';
import type { Webhook as WebhookModel } from '../../domain/webhooks/webhook.entity.ts';
import type { ImportJob as ImportJobModel, ImportCounts as ImportCountsModel } from '../../imports/import.entity.ts';
import type { WebhookWithSecret as WebhookWithSecretModel } from '../../domain/webhooks/webhooks.service.ts';
import type { Delivery as DeliveryModel, DeliveryAttempt as DeliveryAttemptModel, DeliveryPage as DeliveryPageModel } from '../../domain/webhooks/deliveries.service.ts';
import type { OutboundEvent as OutboundEventModel } from '../../domain/outbox/outbox.service.ts';
import type { InboxChange as InboxChangeModel } from '../../domain/outbox/subscriptions.service.ts';
import type { CsvImportOutcome as CsvImportOutcomeModel } from '../../domain/imports/csv-import.service.ts';
import type { ExperimentReport as ExperimentReportModel } from '../../domain/experiments/report.ts';
import type { PlanBlock as PlanBlockModel } from '../../domain/experiments/schedule.ts';
import type { ExperimentDay as ExperimentDayModel, Adherence as AdherenceModel, Results as ResultsModel } from '../../domain/experiments/analysis.ts';
import type { Share as ShareModel, ShareScope as ShareScopeModel } from '../../domain/shares/share.entity.ts';
import type { CreatedShare as CreatedShareModel } from '../../domain/shares/shares.service.ts';
import type { PushSubscription as PushSubscriptionModel } from '../../domain/push/push-subscription.entity.ts';
import type { PushOutcome as PushOutcomeModel } from '../../domain/push/push.service.ts';
import type { Reminder as ReminderModel } from '../../domain/reminders/reminder.entity.ts';
import type { Occurrence as OccurrenceModel } from '../../domain/reminders/schedule.ts';
import type { Firing as FiringModel, PushResult as PushResultModel } from '../../domain/reminders/firings.ts';
import type { GraphQLContext } from '../context.ts';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A calendar date, YYYY-MM-DD */
  Date: { input: string; output: string; }
  /** An instant, ISO 8601 in UTC, e.g. 2026-11-22T08:00:00.000Z */
  DateTime: { input: string; output: Date | string; }
  /** Any JSON object */
  JSONObject: { input: Record<string, unknown>; output: Record<string, unknown>; }
  /** A UUID */
  UUID: { input: string; output: string; }
};

/** What an automation does when it fires */
export type AutomationActionType =
  /** Put a suggestion in the inbox; actionConfig: title, summary, kind, payload (all optional) */
  | 'create_suggestion'
  /** Log an event at once; actionConfig: category_id and/or tags, notes, scalar_value */
  | 'log_event';

/** A new automation */
export type AutomationCreateInput = {
  /** The action's settings (snake_case keys, as REST); validated against actionType */
  actionConfig?: InputMaybe<Scalars['JSONObject']['input']>;
  /** What it does */
  actionType: AutomationActionType;
  /** Whether it runs (default true) */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** The trigger's settings (snake_case keys, as REST); validated against triggerType */
  triggerConfig?: InputMaybe<Scalars['JSONObject']['input']>;
  /** What makes it fire */
  triggerType: AutomationTriggerType;
};

/** What makes an automation fire (at most once per local day) */
export type AutomationTriggerType =
  /** No reading of the metric today by a local time; triggerConfig: time (HH:MM), source (optional) */
  | 'missing_by'
  /** Any new reading of the metric today; triggerConfig: source (optional) */
  | 'reading_received'
  /** The day's value (or a new reading) crosses a limit; triggerConfig: operator, value, unit, basis, source */
  | 'threshold';

/** Automation changes; omitted fields stay */
export type AutomationUpdateInput = {
  /** New action settings */
  actionConfig?: InputMaybe<Scalars['JSONObject']['input']>;
  /** A new action type (its config is re-validated) */
  actionType?: InputMaybe<AutomationActionType>;
  /** Whether it runs */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** New trigger settings */
  triggerConfig?: InputMaybe<Scalars['JSONObject']['input']>;
  /** A new trigger type (its config is re-validated) */
  triggerType?: InputMaybe<AutomationTriggerType>;
};

/** A barcode to resolve */
export type BarcodeLookupInput = {
  /** 8, 12, 13 or 14 digits with a valid GS1 check digit */
  barcode: Scalars['String']['input'];
};

/** An event (or one instance of a recurring event) read from a calendar feed (REST's CalendarEventRead) */
export type CalendarEvent = {
  __typename?: 'CalendarEvent';
  /** How many ATTENDEEs it lists */
  attendeeCount?: Maybe<Scalars['Int']['output']>;
  /** The id of the event source (calendar feed) it comes from */
  calendarId: Scalars['String']['output'];
  /** The feed's X-WR-CALNAME, else the source's label */
  calendarName?: Maybe<Scalars['String']['output']>;
  /** When it was first stored */
  createdAt: Scalars['DateTime']['output'];
  /** End (UTC, exclusive); an all-day event ends at 00:00Z of the day after its last day */
  endsAt: Scalars['DateTime']['output'];
  /** The feed's UID; a recurring instance is UID::<original start> (UTC date-time, or the date of an all-day one) */
  externalId: Scalars['String']['output'];
  /** The event's id */
  id: Scalars['UUID']['output'];
  /** Whether it takes whole days (a DATE in the feed), never shifted by a timezone */
  isAllDay: Scalars['Boolean']['output'];
  /** The user's PARTSTAT (accepted, declined, tentative, needs-action ...) when the user's email is an attendee */
  rsvpStatus?: Maybe<Scalars['String']['output']>;
  /** The event source it comes from */
  source?: Maybe<DataSource>;
  /** Start (UTC); an all-day event starts at 00:00Z of its date */
  startsAt: Scalars['DateTime']['output'];
  /** Where it stands */
  status: CalendarEventStatus;
  /** Its SUMMARY */
  title?: Maybe<Scalars['String']['output']>;
  /** When a sync last changed it */
  updatedAt: Scalars['DateTime']['output'];
  /** organizer or attendee when the user's email is the ORGANIZER or an ATTENDEE */
  userRelevance?: Maybe<Scalars['String']['output']>;
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
};

/** A page of calendar events */
export type CalendarEventPage = {
  __typename?: 'CalendarEventPage';
  /** This page, in the list's order */
  items: Array<CalendarEvent>;
  /** Where the page ends */
  pageInfo: PageInfo;
};

/** Where a calendar event stands */
export type CalendarEventStatus =
  /** Cancelled by the feed, or no longer in it */
  | 'cancelled'
  /** Confirmed (also when the feed gives no STATUS) */
  | 'confirmed'
  /** Tentative */
  | 'tentative';

/** A language log captures are parsed in; English is always read too */
export type CaptureLanguage =
  /** German */
  | 'de'
  /** English */
  | 'en'
  /** Spanish */
  | 'es'
  /** French */
  | 'fr';

/** A category events can belong to */
export type Category = {
  __typename?: 'Category';
  /** A #rrggbb colour, if set */
  color?: Maybe<Scalars['String']['output']>;
  /** When it was created */
  createdAt: Scalars['DateTime']['output'];
  /** An icon name, if set */
  iconKey?: Maybe<Scalars['String']['output']>;
  /** The category's id */
  id: Scalars['UUID']['output'];
  /** Its name, unique per user (case-insensitive) */
  name: Scalars['String']['output'];
  /** When it last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
};

/** A new category */
export type CategoryCreateInput = {
  /** A #rrggbb colour */
  color?: InputMaybe<Scalars['String']['input']>;
  /** An icon name */
  iconKey?: InputMaybe<Scalars['String']['input']>;
  /** Its name, 1 to 100 characters, unique per user (case-insensitive) */
  name: Scalars['String']['input'];
};

/** Category changes; omitted fields stay, null clears color and iconKey */
export type CategoryUpdateInput = {
  /** A #rrggbb colour, or null */
  color?: InputMaybe<Scalars['String']['input']>;
  /** An icon name, or null */
  iconKey?: InputMaybe<Scalars['String']['input']>;
  /** A new name */
  name?: InputMaybe<Scalars['String']['input']>;
};

/** One resource's newest change */
export type Change = {
  __typename?: 'Change';
  /** When it changed */
  changedAt: Scalars['DateTime']['output'];
  /** The resource exactly as its REST read shows it now (snake_case JSON); null for a delete */
  data?: Maybe<Scalars['JSONObject']['output']>;
  /** The resource's id (a goal's is its metric's slug, the encryption key's the user's id) */
  id: Scalars['String']['output'];
  /** upsert: created or changed; delete: gone */
  op: ChangeOp;
  /** The resource's type */
  type: ChangeType;
  /** The resource's version after this change (its REST ETag, a mutation's expectedVersion) */
  version: Scalars['Int']['output'];
};

/** Whether a change left the resource in place or removed it */
export type ChangeOp =
  | 'delete'
  | 'upsert';

/** Every resource type the changes feed reports */
export type ChangeType =
  | 'calendar_event'
  | 'category'
  | 'encryption_key'
  | 'event'
  | 'event_source'
  | 'experiment'
  | 'food_item'
  | 'goal'
  | 'health_metric'
  /** A location sample (data: {id, recorded_at, lat, lng, accuracy_m}) */
  | 'location_sample'
  | 'log_capture'
  | 'metric_definition'
  | 'narrative'
  | 'place'
  | 'place_visit'
  | 'profile'
  /** A browser that takes push notifications (data: its REST read, the endpoint's origin only) */
  | 'push_subscription'
  /** A reminder (data: its REST read) */
  | 'reminder'
  | 'replaced_encryption_key'
  | 'routine'
  | 'saved_meal'
  /** A share link (data: its REST read, never its token) */
  | 'share'
  | 'suggestion'
  | 'tracking_timer';

/** A page of changes and where to read on */
export type ChangesPage = {
  __typename?: 'ChangesPage';
  /** Oldest first */
  changes: Array<Change>;
  /** More changes follow this page */
  hasMore: Scalars['Boolean']['output'];
  /** Pass as since to read on; the same cursor again when nothing changed */
  nextCursor: Scalars['String']['output'];
};

/** Confidence tier of an edge */
export type Confidence =
  /** q <= 0.05 (and not strong) */
  | 'moderate'
  /** q <= 0.01 and |r| >= 0.4 */
  | 'strong'
  /** q <= 0.2 (and not moderate) */
  | 'suggestive'
  /** p <= 0.1 (and not suggestive) */
  | 'weak';

/** A CSV and how to read it: a preset or a mapping */
export type CsvImportInput = {
  /** The CSV text, up to 20 MB */
  csv: Scalars['String']['input'];
  /** daylio: your mood names and their scores, when you renamed Daylio's */
  daylioMoods?: InputMaybe<Scalars['JSONObject']['input']>;
  /** How the columns map (as REST's mapping: date_column, time_column, event, metrics) */
  mapping?: InputMaybe<Scalars['JSONObject']['input']>;
  /** daylio or loop */
  preset?: InputMaybe<Scalars['String']['input']>;
};

/** What an import did */
export type CsvImportResult = {
  __typename?: 'CsvImportResult';
  /** Created: events, readings, categories */
  created: Scalars['JSONObject']['output'];
  /** The first refusals: row, column, msg */
  issues: Array<Scalars['JSONObject']['output']>;
  /** Rows or values refused */
  refused: Scalars['Int']['output'];
  /** Rows read */
  rows: Scalars['Int']['output'];
  /** Already there from an earlier import of the same rows: events, readings */
  skipped: Scalars['JSONObject']['output'];
};

/**
 * An event source (REST's EventSourceRead): where a user's data comes from, with its switch and settings.
 * Named DataSource because EventSource is the enum of an event's own source field.
 */
export type DataSource = {
  __typename?: 'DataSource';
  /** Its settings, as the client stored them */
  config: Scalars['JSONObject']['output'];
  /** When it was created */
  createdAt: Scalars['DateTime']['output'];
  /** Whether its data produces suggestions */
  enabled: Scalars['Boolean']['output'];
  /** The source's id */
  id: Scalars['UUID']['output'];
  /** Whether it is the user's default source of its kind */
  isDefault: Scalars['Boolean']['output'];
  /** The kind of data it delivers */
  kind: EventSourceKind;
  /** Stored events the last successful sync cancelled because the feed no longer had them */
  lastSyncCancelledCount?: Maybe<Scalars['Int']['output']>;
  /** Why the last sync failed (timeout, HTTP status, too large, not ICS, parse error); null after a success */
  lastSyncError?: Maybe<Scalars['String']['output']>;
  /** Events and recurring instances the last successful sync read inside its window */
  lastSyncEventCount?: Maybe<Scalars['Int']['output']>;
  /** Events of the feed the last successful sync could not read and left out (the others were stored) */
  lastSyncSkippedCount?: Maybe<Scalars['Int']['output']>;
  /** Why, for the first five of them, each naming the event by UID or summary */
  lastSyncSkippedReasons?: Maybe<Array<Scalars['String']['output']>>;
  /** How the last sync ended */
  lastSyncStatus?: Maybe<EventSourceSyncStatus>;
  /** When the feed was last synced (calendar sources); null before the first sync */
  lastSyncedAt?: Maybe<Scalars['DateTime']['output']>;
  /** A readable name */
  sourceLabel: Scalars['String']['output'];
  /** When it last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
};

/** How many events of the day carry one tag, or belong to one category */
export type DayFactor = {
  __typename?: 'DayFactor';
  /** The category, for a category factor */
  category?: Maybe<Category>;
  /** The day's events with this tag or in this category (at least 1) */
  count: Scalars['Int']['output'];
  /** tag:<tag> or category:<id>: the key the insight graph and episodes use for it */
  key: Scalars['String']['output'];
  /** The tag, for a tag factor */
  tag?: Maybe<Scalars['String']['output']>;
};

/** A metric's value on one day, and how its sources resolved to it */
export type DayMetric = {
  __typename?: 'DayMetric';
  /** The catalogue entry: label, unit, category */
  metricType: MetricType;
  /** How the sources combined */
  operator: ResolutionOperator;
  /** The source the value came from; null when no single source gave it (mean) */
  resolvedFrom?: Maybe<Scalars['String']['output']>;
  /** The metric's slug */
  slug: Scalars['String']['output'];
  /** Each source's own value of the day, by source name */
  sources: Array<DayMetricSource>;
  /** The resolved value, in the metric's canonical unit, 12 significant digits */
  value: Scalars['Float']['output'];
  /** The REST summary's top-level field for this metric (steps, sleep_hours ...), if it has one */
  valueField?: Maybe<Scalars['String']['output']>;
};

/** One source's own value of a metric on a day */
export type DayMetricSource = {
  __typename?: 'DayMetricSource';
  /** The source's name, as readings report it */
  source: Scalars['String']['output'];
  /** Its day value (by the metric's aggregation), in the canonical unit */
  value: Scalars['Float']['output'];
};

/** One local day of the user, as the daily summary resolves it (docs/daily-summary.md) */
export type DaySummary = {
  __typename?: 'DaySummary';
  /** The local day */
  date: Scalars['Date']['output'];
  /** How many events the day has */
  eventCount: Scalars['Int']['output'];
  /** Event counts of the day per tag and per category, by key; only non-zero counts are listed */
  factors: Array<DayFactor>;
  /** Every active goal measured against the day's value */
  goals: Array<GoalProgress>;
  /** Every metric with a value on the day, in catalogue order; a metric without a value is absent */
  metrics: Array<DayMetric>;
};

/** Sign of a correlation */
export type EdgeDirection =
  /** One rises as the other falls */
  | 'negative'
  /** They rise and fall together */
  | 'positive';

/** Key material for client-side encryption of event payloads, stored exactly as the client sent it */
export type EncryptionKey = {
  __typename?: 'EncryptionKey';
  /** When the first key was stored */
  createdAt: Scalars['DateTime']['output'];
  /** The key derivation's parameters (algorithm, cost ...) */
  kdfParams: Scalars['JSONObject']['output'];
  /** The salt of the key derivation */
  kdfSalt: Scalars['String']['output'];
  /** When it was last replaced */
  updatedAt: Scalars['DateTime']['output'];
  /** What the client checks a derived key against */
  verifier: Scalars['String']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
  /** The data key, wrapped by the passphrase-derived key */
  wrappedDek: Scalars['String']['output'];
};

/** The key material to store; each string non-empty, at most 4096 characters */
export type EncryptionKeyPutInput = {
  /** The key derivation's parameters (at most 4 KiB of JSON; default {}) */
  kdfParams?: InputMaybe<Scalars['JSONObject']['input']>;
  /** The salt of the key derivation */
  kdfSalt: Scalars['String']['input'];
  /** What the client checks a derived key against */
  verifier: Scalars['String']['input'];
  /** The data key, wrapped by the passphrase-derived key */
  wrappedDek: Scalars['String']['input'];
};

/** A recent deviation from the user's own baseline */
export type EpisodeCard = {
  __typename?: 'EpisodeCard';
  /** Baseline days with a value */
  baselineDays: Scalars['Int']['output'];
  /** What limits trust in this card; empty when nothing does */
  caution: Scalars['String']['output'];
  /** Other episodes of this window linked in the graph */
  corroboration?: Maybe<Scalars['String']['output']>;
  /** Above or below the baseline */
  direction: EpisodeDirection;
  /** One sentence saying what happened */
  headline: Scalars['String']['output'];
  /** Stable for the same user, key and window */
  id: Scalars['String']['output'];
  /** The column's key */
  key: Scalars['String']['output'];
  /** Metric or factor */
  kind: InsightKind;
  /** A readable name */
  label: Scalars['String']['output'];
  /** Recent median / baseline median, when the baseline is not 0 */
  ratio?: Maybe<Scalars['Float']['output']>;
  /** Recent days with a value */
  recentDays: Scalars['Int']['output'];
  /** Days in the window */
  windowDays: Scalars['Int']['output'];
  /** Robust z of the recent median against the baseline */
  z: Scalars['Float']['output'];
};

/** Side of the baseline an episode is on */
export type EpisodeDirection =
  /** Recent days are above the baseline (or a factor comes up more often) */
  | 'above'
  /** Recent days are below the baseline (or a factor comes up less often) */
  | 'below';

/** Episodes of a window */
export type Episodes = {
  __typename?: 'Episodes';
  /** The cards, most deviating first */
  episodes: Array<EpisodeCard>;
  /** Days in the window */
  windowDays: Scalars['Int']['output'];
};

/** What an erasure removed */
export type Erasure = {
  __typename?: 'Erasure';
  /** account or data */
  erased: Scalars['String']['output'];
  /** When */
  erasedAt: Scalars['DateTime']['output'];
  /** Rows erased per table */
  rows: Scalars['JSONObject']['output'];
};

/** The confirmation an erasure needs */
export type ErasureInput = {
  /** The account's password */
  password: Scalars['String']['input'];
  /** The current TOTP code, when two-factor authentication is on */
  totpCode?: InputMaybe<Scalars['String']['input']>;
};

/** Something that happened, logged by the user or derived for them */
export type Event = {
  __typename?: 'Event';
  /** A yes/no value */
  booleanValue?: Maybe<Scalars['Boolean']['output']>;
  /** Its category, if any */
  category?: Maybe<Category>;
  /** The client's idempotency key, if it sent one */
  clientId?: Maybe<Scalars['UUID']['output']>;
  /** When it was stored */
  createdAt: Scalars['DateTime']['output'];
  /** ISO 8601 duration, e.g. PT1H30M */
  duration?: Maybe<Scalars['String']['output']>;
  /** Client-side encrypted payload, stored as sent */
  encryptedPayload?: Maybe<Scalars['String']['output']>;
  /** The event's id */
  id: Scalars['UUID']['output'];
  /** The local day it counts for, in the user's timezone */
  localDate: Scalars['Date']['output'];
  /** The logged meal's items (for an event with a savedMealId), frozen as they were when it was logged */
  mealItems: Array<MealItem>;
  /** Any extra data */
  metadata: Scalars['JSONObject']['output'];
  /** Free text */
  notes?: Maybe<Scalars['String']['output']>;
  /** When it happened */
  occurredAt: Scalars['DateTime']['output'];
  /** A numeric value */
  scalarValue?: Maybe<Scalars['Float']['output']>;
  /** Where it came from */
  source: EventSource;
  /** Tags, lower-case */
  tags?: Maybe<Array<Scalars['String']['output']>>;
  /** When it last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
};

/** A new event; every field is optional */
export type EventCreateInput = {
  /** A yes/no value */
  booleanValue?: InputMaybe<Scalars['Boolean']['input']>;
  /** One of the user's categories */
  categoryId?: InputMaybe<Scalars['UUID']['input']>;
  /** An idempotency key: a retry with the same key and input returns the first event */
  clientId?: InputMaybe<Scalars['UUID']['input']>;
  /** ISO 8601 duration, e.g. PT27M */
  duration?: InputMaybe<Scalars['String']['input']>;
  /** Client-side encrypted payload, stored as sent */
  encryptedPayload?: InputMaybe<Scalars['String']['input']>;
  /** The local day it counts for (default: occurredAt's day in the user's timezone) */
  localDate?: InputMaybe<Scalars['Date']['input']>;
  /** Any extra data (at most 64 KiB of JSON) */
  metadata?: InputMaybe<Scalars['JSONObject']['input']>;
  /** Free text, up to 10,000 characters */
  notes?: InputMaybe<Scalars['String']['input']>;
  /** When it happened (default now), with a timezone */
  occurredAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** A saved meal this event logs */
  savedMealId?: InputMaybe<Scalars['UUID']['input']>;
  /** A numeric value */
  scalarValue?: InputMaybe<Scalars['Float']['input']>;
  /** Tags; trimmed, lower-cased, a leading # dropped */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** A page of events */
export type EventPage = {
  __typename?: 'EventPage';
  /** This page, in the list's order */
  items: Array<Event>;
  /** Where the page ends */
  pageInfo: PageInfo;
};

/** Where an event came from */
export type EventSource =
  | 'automation'
  | 'import'
  | 'suggestion'
  | 'timer'
  | 'user';

/** A new calendar feed */
export type EventSourceCreateInput = {
  /** Settings: url (required) is the iCalendar feed, http or https, at most 2048 characters; at most 16 KiB of JSON */
  config: Scalars['JSONObject']['input'];
  /** Whether it syncs and produces suggestions (default true) */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** The kind of source (only calendar can be added; the default) */
  kind?: InputMaybe<EventSourceKind>;
  /** A readable name, 1 to 100 characters (default Calendar) */
  sourceLabel?: InputMaybe<Scalars['String']['input']>;
};

/** The kind of data an event source delivers */
export type EventSourceKind =
  | 'calendar'
  | 'health'
  | 'import'
  | 'location'
  | 'log_capture'
  | 'manual';

/** How a calendar source's last sync ended */
export type EventSourceSyncStatus =
  /** The feed failed (see lastSyncError); no event changed */
  | 'error'
  /** The feed was read and its events stored */
  | 'ok';

/** Event source changes; omitted fields stay, and null is refused (none of them can be cleared) */
export type EventSourceUpdateInput = {
  /** Settings (at most 16 KiB of JSON), replacing the stored ones; a calendar source's url must be an http or https URL of at most 2048 characters */
  config?: InputMaybe<Scalars['JSONObject']['input']>;
  /** Switch it on or off */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** A readable name, 1 to 100 characters */
  sourceLabel?: InputMaybe<Scalars['String']['input']>;
};

/** What the service emits, to webhooks and to the events subscription (REST names: suggestion.created ...) */
export type EventType =
  /** A calendar feed's sync failed (payload: the data source with last_sync_error) */
  | 'calendar_sync_failed'
  /** A new episode card appeared in the default window (payload: the card with the date) */
  | 'episode_detected'
  /** An event was logged (payload: the event) */
  | 'event_created'
  /** A goal's target was met for the first time on a day (payload: the goal with date, value and progress) */
  | 'goal_met'
  /** A batch of readings was stored (payload: created_count, skipped_count, metric_types, from, to) */
  | 'health_metric_ingested'
  /** An import ended, succeeded or failed (payload: the import, as GET …/imports/{id} shows it) */
  | 'import_finished'
  /** A capture was parsed into suggestions (payload: the capture with its suggestions) */
  | 'log_capture_parsed'
  /** A narrative was written (payload: the narrative) */
  | 'narrative_created'
  /** A test event, sent to one webhook by testWebhook */
  | 'ping'
  /** A reminder fell due, sent to the one webhook it names as its channel (payload: the reminder with the due time and its action links) */
  | 'reminder_due'
  /** A share link's report was opened (payload: the share, never its token, with views and viewed_at) */
  | 'share_viewed'
  /** A suggestion reached the inbox (payload: the suggestion as REST reads it) */
  | 'suggestion_created';

/** Event changes; omitted fields stay, null clears a nullable field */
export type EventUpdateInput = {
  /** A yes/no value, or null */
  booleanValue?: InputMaybe<Scalars['Boolean']['input']>;
  /** One of the user's categories, or null */
  categoryId?: InputMaybe<Scalars['UUID']['input']>;
  /** ISO 8601 duration, or null */
  duration?: InputMaybe<Scalars['String']['input']>;
  /** Client-side encrypted payload, or null */
  encryptedPayload?: InputMaybe<Scalars['String']['input']>;
  /** The local day it counts for */
  localDate?: InputMaybe<Scalars['Date']['input']>;
  /** Any extra data */
  metadata?: InputMaybe<Scalars['JSONObject']['input']>;
  /** Free text, or null */
  notes?: InputMaybe<Scalars['String']['input']>;
  /** When it happened */
  occurredAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** A saved meal, or null */
  savedMealId?: InputMaybe<Scalars['UUID']['input']>;
  /** A numeric value, or null */
  scalarValue?: InputMaybe<Scalars['Float']['input']>;
  /** Tags, or null */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** An n-of-1 experiment: a hypothesis, an intervention on (B) and off (A) in blocks of days, and a day summary column as its outcome */
export type Experiment = {
  __typename?: 'Experiment';
  /** How often the data match the plan */
  adherence: ExperimentAdherence;
  /** Which way the outcome improves */
  better: ExperimentBetter;
  /** Days per block */
  blockDays: Scalars['Int']['output'];
  /** Blocks in all */
  blocks: Scalars['Int']['output'];
  /** When it was created */
  createdAt: Scalars['DateTime']['output'];
  /** Every planned day with what the data say about it */
  days: Array<ExperimentDay>;
  /** How the blocks are ordered */
  design: ExperimentDesign;
  /** The planned last day */
  end: Scalars['Date']['output'];
  /** What it tests, in the user's words */
  hypothesis: Scalars['String']['output'];
  /** The experiment's id */
  id: Scalars['UUID']['output'];
  /** What B days switch on: tag:<tag>, category:<id> or metric:<slug><op><value> */
  intervention: Scalars['String']['output'];
  /** Days between an exposed day and the day its outcome is read (0..3) */
  lag: Scalars['Int']['output'];
  /** The day summary column compared: a metric slug, tag:<tag> or category:<id> */
  outcome: Scalars['String']['output'];
  /** The outcome on B days against A days */
  results: ExperimentResults;
  /** Its blocks, in order */
  schedule: Array<ExperimentBlock>;
  /** The randomized schedule's seed; null for ab and abab */
  seed?: Maybe<Scalars['Int']['output']>;
  /** The first day of the first block */
  start: Scalars['Date']['output'];
  /** Where it stands on the user's local today */
  status: ExperimentStatus;
  /** The last day of a stopped experiment */
  stoppedOn?: Maybe<Scalars['Date']['output']>;
  /** When it last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
  /** Days left out at the start of each block after a switch */
  washoutDays: Scalars['Int']['output'];
};

/** How often the data match the plan */
export type ExperimentAdherence = {
  __typename?: 'ExperimentAdherence';
  /** Of those, the days that match the plan */
  daysAdherent: Scalars['Int']['output'];
  /** Planned days whose data tell whether the intervention happened */
  daysKnown: Scalars['Int']['output'];
  /** daysAdherent / daysKnown; null without known days */
  rate?: Maybe<Scalars['Float']['output']>;
};

/** An experiment's arm */
export type ExperimentArm =
  /** The intervention off (the baseline) */
  | 'A'
  /** The intervention on */
  | 'B';

/** Which way the outcome improves */
export type ExperimentBetter =
  /** A higher outcome is better */
  | 'higher'
  /** A lower outcome is better */
  | 'lower';

/** One block of the schedule */
export type ExperimentBlock = {
  __typename?: 'ExperimentBlock';
  /** Its arm */
  arm: ExperimentArm;
  /** Its first day */
  from: Scalars['Date']['output'];
  /** 1 for the first block */
  index: Scalars['Int']['output'];
  /** Its last day */
  to: Scalars['Date']['output'];
};

/** A new experiment */
export type ExperimentCreateInput = {
  /** Which way the outcome improves (default higher) */
  better?: InputMaybe<ExperimentBetter>;
  /** Days per block (default 7) */
  blockDays?: InputMaybe<Scalars['Int']['input']>;
  /** Blocks in all (default: ab 2, abab 4, randomized 8; randomized needs an even number) */
  blocks?: InputMaybe<Scalars['Int']['input']>;
  /** How the blocks are ordered */
  design: ExperimentDesign;
  /** What it tests, 1 to 2000 characters */
  hypothesis: Scalars['String']['input'];
  /** What B days switch on: tag:<tag>, category:<id or name>, or metric:<slug><op><number> (op <=, >=, <, >, =; the value in the metric's canonical unit) */
  intervention: Scalars['String']['input'];
  /** Read the outcome this many days after the exposed day (0..3, default 0) */
  lag?: InputMaybe<Scalars['Int']['input']>;
  /** The day summary column compared: a metric slug (sleep_duration), a day summary field (sleep_hours), tag:<tag> or category:<id or name> */
  outcome: Scalars['String']['input'];
  /** Randomized only: the schedule's seed, 0..2147483647 (default: drawn at random and stored) */
  seed?: InputMaybe<Scalars['Int']['input']>;
  /** The first day of the first block */
  start: Scalars['Date']['input'];
  /** Days left out at the start of each block after a switch (default 0; fewer than blockDays) */
  washoutDays?: InputMaybe<Scalars['Int']['input']>;
};

/** One planned day */
export type ExperimentDay = {
  __typename?: 'ExperimentDay';
  /** Whether that matches the plan (on for B, off for A); null when unknown */
  adherent?: Maybe<Scalars['Boolean']['output']>;
  /** In the comparison: not washout, and the outcome has a value */
  analysed: Scalars['Boolean']['output'];
  /** Its arm */
  arm: ExperimentArm;
  /** Its block (1 for the first) */
  block: Scalars['Int']['output'];
  /** The day */
  date: Scalars['Date']['output'];
  /** Whether the data show the intervention that day; null when nothing tells */
  intervention?: Maybe<Scalars['Boolean']['output']>;
  /** The outcome on outcomeDate; null without a value */
  outcome?: Maybe<Scalars['Float']['output']>;
  /** The day the outcome is read: lag days later */
  outcomeDate: Scalars['Date']['output'];
  /** Left out of the comparison: among the first washoutDays of a block after a switch */
  washout: Scalars['Boolean']['output'];
};

/** How an experiment's blocks are ordered */
export type ExperimentDesign =
  /** A, then B */
  | 'ab'
  /** Alternating blocks from A: A, B, A, B ... */
  | 'abab'
  /** Pairs of blocks, each A then B or B then A at random from the seed */
  | 'randomized';

/** The outcome on analysed B days against analysed A days (docs/decisions.md: the statistics) */
export type ExperimentResults = {
  __typename?: 'ExperimentResults';
  /** Upper end of the 95% interval */
  ciHigh?: Maybe<Scalars['Float']['output']>;
  /** Lower end of the 95% interval of the difference: difference - t(0.975, df) se */
  ciLow?: Maybe<Scalars['Float']['output']>;
  /** The interval's degrees of freedom: floor(runs/2) */
  df?: Maybe<Scalars['Int']['output']>;
  /** meanB - meanA */
  difference?: Maybe<Scalars['Float']['output']>;
  /** floor(4 (n/100)^(2/9)) */
  hacLags?: Maybe<Scalars['Int']['output']>;
  /** Newey-West standard error of the difference (Bartlett kernel, hacLags lags, times n/(n - 2)) */
  hacSe?: Maybe<Scalars['Float']['output']>;
  /** The difference over the pooled standard deviation, bias-corrected (1 - 3/(4n - 9)) */
  hedgesG?: Maybe<Scalars['Float']['output']>;
  /** The mean outcome on A days */
  meanA?: Maybe<Scalars['Float']['output']>;
  /** The mean outcome on B days */
  meanB?: Maybe<Scalars['Float']['output']>;
  /** Analysed days each arm needs before a verdict */
  minDaysPerArm: Scalars['Int']['output'];
  /** Analysed A days */
  nA: Scalars['Int']['output'];
  /** Analysed B days */
  nB: Scalars['Int']['output'];
  /** The classical least-squares standard error of the difference */
  olsSe?: Maybe<Scalars['Float']['output']>;
  /** Two-sided p, Student t on df */
  pValue?: Maybe<Scalars['Float']['output']>;
  /** Runs of one arm among the analysed days, in order */
  runs: Scalars['Int']['output'];
  /** The larger of hacSe and olsSe: the one the interval uses */
  se?: Maybe<Scalars['Float']['output']>;
  /** What the data say */
  verdict: ExperimentVerdict;
};

/** Where an experiment stands on the user's local today */
export type ExperimentStatus =
  /** After its last day */
  | 'completed'
  /** Between its first and last day */
  | 'running'
  /** Before its first day */
  | 'scheduled'
  /** Stopped early: its schedule ends on stoppedOn */
  | 'stopped';

/** Experiment changes; omitted fields stay */
export type ExperimentUpdateInput = {
  /** More blocks than now (extend); the design's rules hold */
  blocks?: InputMaybe<Scalars['Int']['input']>;
  /** A new wording of the hypothesis */
  hypothesis?: InputMaybe<Scalars['String']['input']>;
  /** stopped: the schedule ends on the user's local today (the only value accepted) */
  status?: InputMaybe<ExperimentStatus>;
};

/** What the data say about the intervention's effect */
export type ExperimentVerdict =
  /** The 95% interval excludes 0, the way `better` says */
  | 'improved'
  /** Fewer analysed days than minDaysPerArm in an arm */
  | 'inconclusive'
  /** The 95% interval holds 0 */
  | 'no_clear_effect'
  /** The 95% interval excludes 0, the other way */
  | 'worsened';

/** A food or drink the user eats, with its nutrition per serving */
export type FoodItem = {
  __typename?: 'FoodItem';
  /** Its barcode, once scanned */
  barcode?: Maybe<Scalars['String']['output']>;
  /** Its brand ('' when it has none) */
  brand: Scalars['String']['output'];
  /** How sure an estimate is, if estimated */
  confidence?: Maybe<Scalars['String']['output']>;
  /** When it was created */
  createdAt: Scalars['DateTime']['output'];
  /** The food item's id */
  id: Scalars['UUID']['output'];
  /** Whether it is a drink */
  isDrink: Scalars['Boolean']['output'];
  /** Its name */
  name: Scalars['String']['output'];
  /** Nutrition per serving */
  nutrition: Nutrition;
  /** The fields of nutrition computed from the product label rather than read off it (calories from kJ, sodiumMg from salt, a per-serving value from the per-100 g one); empty when entered by hand or fully given. An edit of a nutrient removes it. REST's nutrition_derived */
  nutritionDerived: Array<NutrientName>;
  /** Where it is bought or eaten, if set */
  place?: Maybe<Scalars['String']['output']>;
  /** What one serving is */
  servingDescription?: Maybe<Scalars['String']['output']>;
  /** Where its values come from */
  source: FoodSource;
  /** When it last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** How many logged meals used it */
  usageCount: Scalars['Int']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
};

/** A food item entered by hand; nutrients are per serving */
export type FoodItemCreateInput = {
  /** Added sugar in g, per serving */
  addedSugarG?: InputMaybe<Scalars['Float']['input']>;
  /** Its brand */
  brand?: InputMaybe<Scalars['String']['input']>;
  /** Calcium in mg, per serving */
  calciumMg?: InputMaybe<Scalars['Float']['input']>;
  /** Energy in kcal, per serving */
  calories?: InputMaybe<Scalars['Float']['input']>;
  /** Carbohydrates in g, per serving */
  carbohydratesG?: InputMaybe<Scalars['Float']['input']>;
  /** Cholesterol in mg, per serving */
  cholesterolMg?: InputMaybe<Scalars['Float']['input']>;
  /** Fat in g, per serving */
  fatG?: InputMaybe<Scalars['Float']['input']>;
  /** Fiber in g, per serving */
  fiberG?: InputMaybe<Scalars['Float']['input']>;
  /** Iron in mg, per serving */
  ironMg?: InputMaybe<Scalars['Float']['input']>;
  /** Whether it is a drink */
  isDrink?: InputMaybe<Scalars['Boolean']['input']>;
  /** Its name, 1 to 200 characters */
  name: Scalars['String']['input'];
  /** Where it is bought or eaten */
  place?: InputMaybe<Scalars['String']['input']>;
  /** Potassium in mg, per serving */
  potassiumMg?: InputMaybe<Scalars['Float']['input']>;
  /** Protein in g, per serving */
  proteinG?: InputMaybe<Scalars['Float']['input']>;
  /** Saturated fat in g, per serving */
  saturatedFatG?: InputMaybe<Scalars['Float']['input']>;
  /** What one serving is */
  servingDescription?: InputMaybe<Scalars['String']['input']>;
  /** Sodium in mg, per serving */
  sodiumMg?: InputMaybe<Scalars['Float']['input']>;
  /** Sugar in g, per serving */
  sugarG?: InputMaybe<Scalars['Float']['input']>;
  /** Trans fat in g, per serving */
  transFatG?: InputMaybe<Scalars['Float']['input']>;
  /** Vitamin A in mcg, per serving */
  vitaminAMcg?: InputMaybe<Scalars['Float']['input']>;
  /** Vitamin C in mg, per serving */
  vitaminCMg?: InputMaybe<Scalars['Float']['input']>;
  /** Vitamin D in mcg, per serving */
  vitaminDMcg?: InputMaybe<Scalars['Float']['input']>;
};

/** The flat edit: omitted fields stay, null clears a nutrient, place or serving description */
export type FoodItemUpdateInput = {
  /** Added sugar in g, per serving, or null */
  addedSugarG?: InputMaybe<Scalars['Float']['input']>;
  /** A new brand */
  brand?: InputMaybe<Scalars['String']['input']>;
  /** Calcium in mg, per serving, or null */
  calciumMg?: InputMaybe<Scalars['Float']['input']>;
  /** Energy in kcal, per serving, or null */
  calories?: InputMaybe<Scalars['Float']['input']>;
  /** Carbohydrates in g, per serving, or null */
  carbohydratesG?: InputMaybe<Scalars['Float']['input']>;
  /** Cholesterol in mg, per serving, or null */
  cholesterolMg?: InputMaybe<Scalars['Float']['input']>;
  /** Fat in g, per serving, or null */
  fatG?: InputMaybe<Scalars['Float']['input']>;
  /** Fiber in g, per serving, or null */
  fiberG?: InputMaybe<Scalars['Float']['input']>;
  /** Iron in mg, per serving, or null */
  ironMg?: InputMaybe<Scalars['Float']['input']>;
  /** Whether it is a drink */
  isDrink?: InputMaybe<Scalars['Boolean']['input']>;
  /** A new name */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Where it is bought or eaten, or null */
  place?: InputMaybe<Scalars['String']['input']>;
  /** Potassium in mg, per serving, or null */
  potassiumMg?: InputMaybe<Scalars['Float']['input']>;
  /** Protein in g, per serving, or null */
  proteinG?: InputMaybe<Scalars['Float']['input']>;
  /** Saturated fat in g, per serving, or null */
  saturatedFatG?: InputMaybe<Scalars['Float']['input']>;
  /** What one serving is, or null */
  servingDescription?: InputMaybe<Scalars['String']['input']>;
  /** Sodium in mg, per serving, or null */
  sodiumMg?: InputMaybe<Scalars['Float']['input']>;
  /** Sugar in g, per serving, or null */
  sugarG?: InputMaybe<Scalars['Float']['input']>;
  /** Trans fat in g, per serving, or null */
  transFatG?: InputMaybe<Scalars['Float']['input']>;
  /** Vitamin A in mcg, per serving, or null */
  vitaminAMcg?: InputMaybe<Scalars['Float']['input']>;
  /** Vitamin C in mg, per serving, or null */
  vitaminCMg?: InputMaybe<Scalars['Float']['input']>;
  /** Vitamin D in mcg, per serving, or null */
  vitaminDMcg?: InputMaybe<Scalars['Float']['input']>;
};

/** Where a food item's values come from */
export type FoodSource =
  /** Estimated (e.g. by a parser), not from a label */
  | 'estimated'
  /** Entered by the user */
  | 'user'
  /** Edited by the user after it was created */
  | 'user_edited'
  /** From a product label (barcode lookup) */
  | 'verified';

/** A goalable metric and its standing goal, if set */
export type Goal = {
  __typename?: 'Goal';
  /** Whether the goal is in force */
  active: Scalars['Boolean']['output'];
  /** The catalogue category */
  category: MetricCategory;
  /** Its history as a calendar heatmap's URL (a path on this server), each day its period's outcome */
  chart: Scalars['String']['output'];
  /** Which side of the target meets the goal (for a metric without a goal: the direction the editor proposes) */
  direction: GoalDirection;
  /** Whether a goal was ever set */
  isSet: Scalars['Boolean']['output'];
  /** A readable name */
  label: Scalars['String']['output'];
  /** The longest run of met periods in the last year; null without a goal */
  longestStreak?: Maybe<Scalars['Int']['output']>;
  /** day (the daily goal), week (from the profile's weekStart) or month */
  period: GoalPeriod;
  /** The current period so far: its total (or mean), or the days the target was met; null without a goal or data */
  periodValue?: Maybe<Scalars['Float']['output']>;
  /** The reminders about this goal */
  reminders: Array<Reminder>;
  /** The metric's slug */
  slug: Scalars['String']['output'];
  /** Met periods in a row up to now (skipped ones stepped over); null without a goal */
  streak?: Maybe<Scalars['Int']['output']>;
  /** Habit strength, 0 to 100 (Loop Habit Tracker's score: a miss lowers it, it does not reset it); null without a goal */
  strength?: Maybe<Scalars['Float']['output']>;
  /** The daily target; null when no goal is set */
  target?: Maybe<Scalars['Float']['output']>;
  /** On how many days of the period the daily value must meet the target; null: the period total (or mean) */
  timesPerPeriod?: Maybe<Scalars['Int']['output']>;
  /** Progress on the user's local today; null unless the goal is set and active. Every goal of a query shares one day summary */
  today?: Maybe<GoalProgress>;
  /** The canonical unit */
  unit: Scalars['String']['output'];
  /** The day summary's top-level field for this metric, if it has one */
  valueField?: Maybe<Scalars['String']['output']>;
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
};


/** A goalable metric and its standing goal, if set */
export type GoalChartArgs = {
  from?: InputMaybe<Scalars['Date']['input']>;
  to?: InputMaybe<Scalars['Date']['input']>;
};

/** Which side of the target meets a goal */
export type GoalDirection =
  /** The day's value must reach the target (steps) */
  | 'at_least'
  /** The day's value must stay at or below the target (caffeine) */
  | 'at_most';

/** A standing goal, created or replaced whole (without period: the daily goal) */
export type GoalInput = {
  /** Whether the goal is in force (default true) */
  active?: InputMaybe<Scalars['Boolean']['input']>;
  /** Which side of the target meets the goal */
  direction: GoalDirection;
  /** day (default), week or month */
  period?: InputMaybe<GoalPeriod>;
  /** The daily target, positive */
  target: Scalars['Float']['input'];
  /** On how many days of the period the daily value must meet the target (week: up to 7; month: up to 31); default: the period total */
  timesPerPeriod?: InputMaybe<Scalars['Int']['input']>;
};

/** How a period of a goal went */
export type GoalOutcome =
  /** The current period, not met yet */
  | 'in_progress'
  /** The target was met */
  | 'met'
  /** The period ended without meeting it */
  | 'missed'
  /** Every day of it was skipped */
  | 'skipped';

/** How long a goal's period is */
export type GoalPeriod =
  /** A local day (the spec's daily goal) */
  | 'day'
  /** A calendar month */
  | 'month'
  /** A week, starting on the profile's weekStart */
  | 'week';

/** One period of a goal */
export type GoalPeriodResult = {
  __typename?: 'GoalPeriodResult';
  /** Its last day */
  end: Scalars['Date']['output'];
  /** How it went */
  outcome: GoalOutcome;
  /** Its first day */
  start: Scalars['Date']['output'];
  /** What the value is held to: the target, or the days required (less the skipped ones) */
  target: Scalars['Float']['output'];
  /** Its total (or mean), or the days the target was met; null without data */
  value?: Maybe<Scalars['Float']['output']>;
};

/** An active goal against one day's value */
export type GoalProgress = {
  __typename?: 'GoalProgress';
  /** Which side of the target meets the goal */
  direction: GoalDirection;
  /** Whether the value meets the target (at_least: value >= target; at_most: value <= target); null without a value */
  met?: Maybe<Scalars['Boolean']['output']>;
  /** value / target; null without a value */
  progress?: Maybe<Scalars['Float']['output']>;
  /** The metric's slug */
  slug: Scalars['String']['output'];
  /** The daily target */
  target: Scalars['Float']['output'];
  /** The day's value; null when the day has none */
  value?: Maybe<Scalars['Float']['output']>;
  /** The REST summary's top-level field for this metric, if it has one */
  valueField?: Maybe<Scalars['String']['output']>;
};

/** Days to set a goal aside: a list, or a pause from..to */
export type GoalSkipsInput = {
  /** Days to skip */
  dates?: InputMaybe<Array<Scalars['Date']['input']>>;
  /** First day of a pause */
  from?: InputMaybe<Scalars['Date']['input']>;
  /** Last day of a pause (inclusive) */
  to?: InputMaybe<Scalars['Date']['input']>;
};

/** explore: every tier; significant: strong and moderate only */
export type GraphMode =
  /** Every tier: strong, moderate, suggestive and weak */
  | 'explore'
  /** Only links significant after false-discovery-rate control: strong and moderate */
  | 'significant';

/** An uploaded file on its way into the account */
export type Import = {
  __typename?: 'Import';
  /** Bytes of the file read so far */
  bytesRead: Scalars['Float']['output'];
  /** The file's size in bytes */
  bytesTotal: Scalars['Float']['output'];
  /** What happened to the records read so far: read = created + present + the sum of skipped */
  counts: ImportCounts;
  /** When it was uploaded */
  createdAt: Scalars['DateTime']['output'];
  /** The format the file is read as (google_records, gpx, …) */
  detectedFormat: Scalars['String']['output'];
  /** Why a failed import stopped ('Cancelled' when it was cancelled) */
  error?: Maybe<Scalars['String']['output']>;
  /** The file's name, as uploaded */
  filename?: Maybe<Scalars['String']['output']>;
  /** When it ended */
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The format the upload named; null when it was detected */
  format?: Maybe<Scalars['String']['output']>;
  /** The import's id */
  id: Scalars['UUID']['output'];
  /** The first 20 skipped records: why, and where in the file */
  reasons: Array<ImportReason>;
  /** When a worker first started reading it */
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Where it is: queued, running, succeeded or failed */
  status: ImportStatus;
};

/** An import's records, by what became of them */
export type ImportCounts = {
  __typename?: 'ImportCounts';
  /** New in the account */
  created: Scalars['Int']['output'];
  /** Already in the account */
  present: Scalars['Int']['output'];
  /** Records read */
  read: Scalars['Int']['output'];
  /** Records not imported, by reason (no_time, bad_coordinate, out_of_range, unmapped_type, too_large, malformed, invalid, conflict) */
  skipped: Scalars['JSONObject']['output'];
  /** The unmapped_type records by their type name */
  unmapped: Scalars['JSONObject']['output'];
};

/** One skipped record */
export type ImportReason = {
  __typename?: 'ImportReason';
  /** Where in the file, and why */
  detail: Scalars['String']['output'];
  /** Why it was skipped (no_time, bad_coordinate …) */
  reason: Scalars['String']['output'];
};

/** Where an import is */
export type ImportStatus =
  /** Stopped: the file was refused, the service failed, or the user cancelled it (see error) */
  | 'failed'
  /** Waiting for a worker */
  | 'queued'
  /** Being read */
  | 'running'
  /** Read to the end */
  | 'succeeded';

/** The inbox's badge */
export type InboxChange = {
  __typename?: 'InboxChange';
  /** How many suggestions are pending (REST: pending_count of the suggestions list) */
  pendingCount: Scalars['Int']['output'];
};

/** The centred column of a graph */
export type InsightCenter = {
  __typename?: 'InsightCenter';
  /** Its canonical key */
  key: Scalars['String']['output'];
  /** A readable name */
  label: Scalars['String']['output'];
  /** The catalogue metric type, for a metric centre; null for a factor */
  metricType?: Maybe<MetricType>;
  /** Its unit */
  unit: Scalars['String']['output'];
};

/** One contributor related to the centred metric */
export type InsightEdge = {
  __typename?: 'InsightEdge';
  /** Confidence tier */
  confidence: Confidence;
  /** Sign of the correlation */
  direction: EdgeDirection;
  /** The contributor's key */
  key: Scalars['String']['output'];
  /** Metric or factor */
  kind: InsightKind;
  /** A readable name */
  label: Scalars['String']['output'];
  /** Days the contributor precedes the centre */
  lag: Scalars['Int']['output'];
  /** The catalogue metric type, for a metric edge; null for a factor */
  metricType?: Maybe<MetricType>;
  /** Days with both values at this lag */
  n: Scalars['Int']['output'];
  /** Benjamini-Hochberg adjusted p, 4 significant digits */
  qValue: Scalars['Float']['output'];
  /** Spearman's rho, 4 significant digits */
  r: Scalars['Float']['output'];
  /** Days the factor occurred among them (n for a metric) */
  support: Scalars['Int']['output'];
};

/** A metric-centred correlation graph, computed at query time */
export type InsightGraph = {
  __typename?: 'InsightGraph';
  /** The centred column */
  center: InsightCenter;
  /** Related contributors, strongest first */
  edges: Array<InsightEdge>;
  /** The mode asked for */
  mode: GraphMode;
  /** Days in the window */
  windowDays: Scalars['Int']['output'];
};

/** A metric or a factor (tag, category) */
export type InsightKind =
  /** Daily event counts of a tag (tag:<tag>) or a category (category:<id>) */
  | 'factor'
  /** A catalogue metric, keyed by its slug */
  | 'metric';

/** Location samples to record */
export type LocationBatchInput = {
  /** Up to 10,000 samples, in any order */
  samples: Array<LocationSampleInput>;
};

/** What recording a batch of samples did */
export type LocationBatchResult = {
  __typename?: 'LocationBatchResult';
  /** Samples stored */
  createdCount: Scalars['Int']['output'];
  /** Samples skipped: their instant was already stored or repeated in the batch */
  skippedCount: Scalars['Int']['output'];
  /** New-place suggestions made from the new samples */
  suggestions: Array<Suggestion>;
  /** The detected visits that now cover the new samples, newest first */
  visits: Array<PlaceVisit>;
};

/** Where the device was at one instant */
export type LocationSampleInput = {
  /** The fix's accuracy in metres; stay detection ignores samples worse than 200 m */
  accuracyM?: InputMaybe<Scalars['Float']['input']>;
  /** Latitude, -90 to 90 */
  lat: Scalars['Float']['input'];
  /** Longitude, -180 to 180 */
  lng: Scalars['Float']['input'];
  /** When, with a timezone; a second sample at the same instant is skipped */
  recordedAt: Scalars['DateTime']['input'];
};

/** Omnibar text submitted for background parsing, and what parsing made of it */
export type LogCapture = {
  __typename?: 'LogCapture';
  /** When the client captured it; relative times in the text are read from here */
  capturedAt: Scalars['DateTime']['output'];
  /** The client's idempotency key, if it sent one */
  clientId?: Maybe<Scalars['UUID']['output']>;
  /** When it was submitted */
  createdAt: Scalars['DateTime']['output'];
  /** Why the last attempt failed (a retry is pending while queued), why it ended failed, or what a parsed capture left unread */
  failureReason?: Maybe<Scalars['String']['output']>;
  /** The capture's id */
  id: Scalars['UUID']['output'];
  /** When it was parsed */
  parsedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The parser version that read it */
  parserVersion?: Maybe<Scalars['String']['output']>;
  /** Where parsing stands */
  status: LogCaptureStatus;
  /** What parsing produced, in the order of the text (empty until parsed) */
  suggestions: Array<Suggestion>;
  /** The text as submitted (NFC-normalised) */
  text: Scalars['String']['output'];
  /** When its status last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
};

/** Omnibar text to parse in the background */
export type LogCaptureCreateInput = {
  /** When the client captured it (default now), with a timezone; anchors relative times such as 'this morning' */
  capturedAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** An idempotency key: a retry with the same key and input returns the first capture */
  clientId?: InputMaybe<Scalars['UUID']['input']>;
  /** 1 to 2000 characters (an emoji counts as one), not blank */
  text: Scalars['String']['input'];
};

/** A page of log captures */
export type LogCapturePage = {
  __typename?: 'LogCapturePage';
  /** This page, in the list's order */
  items: Array<LogCapture>;
  /** Where the page ends */
  pageInfo: PageInfo;
};

/** Where a log capture's background parsing stands */
export type LogCaptureStatus =
  /** Parsing gave up after its attempts; failureReason says so */
  | 'failed'
  /** Parsed: its suggestions are in the inbox */
  | 'parsed'
  /** A worker is parsing it */
  | 'processing'
  /** Waiting for a worker (also between retries of a failed attempt) */
  | 'queued';

/** A food in a meal, with a snapshot of its label */
export type MealItem = {
  __typename?: 'MealItem';
  /** The food's brand at snapshot time */
  brand: Scalars['String']['output'];
  /** The food item as it is now */
  foodItem?: Maybe<FoodItem>;
  /** The food item's id */
  foodItemId: Scalars['UUID']['output'];
  /** The meal item's id */
  id: Scalars['UUID']['output'];
  /** The food's name at snapshot time */
  name: Scalars['String']['output'];
  /** Nutrition for these servings, at snapshot time */
  nutrition: Nutrition;
  /** What one serving is, at snapshot time */
  servingDescription?: Maybe<Scalars['String']['output']>;
  /** How many servings */
  servings: Scalars['Float']['output'];
  /** When the snapshot was taken */
  snapshotAt: Scalars['DateTime']['output'];
};

/** One item of a meal */
export type MealItemInput = {
  /** What it was, 1 to 200 characters */
  name: Scalars['String']['input'];
  /** How many, if said */
  quantity?: InputMaybe<Scalars['Float']['input']>;
};

/** Whether a saved meal's totals follow its items */
export type MealTotalsSource =
  /** The sum of the items' snapshots */
  | 'computed'
  /** Written by hand; they no longer follow the items */
  | 'user';

/** How one source's readings of a day combine into that source's daily value */
export type MetricAggregation =
  /** The latest reading */
  | 'last'
  /** The largest */
  | 'max'
  /** Their mean */
  | 'mean'
  /** The smallest */
  | 'min'
  /** The sum of the day's readings */
  | 'sum';

/** An automation on a metric */
export type MetricAutomation = {
  __typename?: 'MetricAutomation';
  /** The action's settings (keys as in the REST body: snake_case) */
  actionConfig: Scalars['JSONObject']['output'];
  /** What it does */
  actionType: AutomationActionType;
  /** When it was created */
  createdAt: Scalars['DateTime']['output'];
  /** Whether it runs */
  enabled: Scalars['Boolean']['output'];
  /** The automation's id */
  id: Scalars['UUID']['output'];
  /** The trigger's settings (keys as in the REST body: snake_case) */
  triggerConfig: Scalars['JSONObject']['output'];
  /** What makes it fire */
  triggerType: AutomationTriggerType;
  /** When it last changed */
  updatedAt: Scalars['DateTime']['output'];
};

/** What a metric measures */
export type MetricCategory =
  /** Steps, distance, energy, workouts */
  | 'activity'
  /** Weight, body fat, temperature, glucose */
  | 'body'
  /** Heart rate, blood pressure, oxygen, breathing */
  | 'heart'
  /** Mood, energy, stress, mindfulness */
  | 'mind'
  /** Food and drink */
  | 'nutrition'
  /** Sleep */
  | 'sleep';

/** Where a metric's charts are: SVG documents served by REST (GET with the same token), for the period asked */
export type MetricCharts = {
  __typename?: 'MetricCharts';
  /** The daily values as a calendar heatmap */
  heatmap: Scalars['String']['output'];
  /** The daily values as a line, with gaps and the daily goal's band */
  line: Scalars['String']['output'];
  /** The trend as a 120x32 sparkline */
  sparkline: Scalars['String']['output'];
};

/** A user's settings for one metric type: which sources count and how they combine, and its automations */
export type MetricDefinition = {
  __typename?: 'MetricDefinition';
  /** Its automations, oldest first */
  automations: Array<MetricAutomation>;
  /** Its charts' URLs (paths on this server) for from..to (default: a month for the line and the sparkline, a year for the heatmap) */
  charts: MetricCharts;
  /** When it was created */
  createdAt: Scalars['DateTime']['output'];
  /** A name of the user's choosing, if set */
  displayName?: Maybe<Scalars['String']['output']>;
  /** Whether the metric resolves at all (a disabled one has no daily value) */
  enabled: Scalars['Boolean']['output'];
  /** The definition's id */
  id: Scalars['UUID']['output'];
  /** Whether manual readings count when no other eligible source reported that day */
  manualFallback: Scalars['Boolean']['output'];
  /** The metric it is about */
  metricType: MetricType;
  /** How the sources' daily values combine */
  resolutionOperator: ResolutionOperator;
  /** The ranked sources; when none, every source counts, in order of first report */
  sources: Array<MetricSource>;
  /** When it last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
};


/** A user's settings for one metric type: which sources count and how they combine, and its automations */
export type MetricDefinitionChartsArgs = {
  from?: InputMaybe<Scalars['Date']['input']>;
  to?: InputMaybe<Scalars['Date']['input']>;
};

/** Definition changes; omitted fields stay */
export type MetricDefinitionUpdateInput = {
  /** A name of the user's choosing (1 to 100 characters), or null */
  displayName?: InputMaybe<Scalars['String']['input']>;
  /** Whether the metric resolves */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whether manual readings count when no other source reported */
  manualFallback?: InputMaybe<Scalars['Boolean']['input']>;
  /** How the sources combine */
  resolutionOperator?: InputMaybe<ResolutionOperator>;
  /** The whole ranked list, best first (at most 50); null or [] clears it */
  sources?: InputMaybe<Array<MetricSourceInput>>;
};

/** One reading of a metric, in the metric's canonical unit. Readings never change */
export type MetricReading = {
  __typename?: 'MetricReading';
  /** When it was stored */
  createdAt: Scalars['DateTime']['output'];
  /** The reading's id */
  id: Scalars['UUID']['output'];
  /** The local day it counts for, in the user's timezone when it was ingested */
  localDate: Scalars['Date']['output'];
  /** Any extra data sent with it */
  metadata: Scalars['JSONObject']['output'];
  /** The metric it is a reading of */
  metricType: MetricType;
  /** Groups readings measured together (the two values of a blood pressure) */
  readingGroupId?: Maybe<Scalars['UUID']['output']>;
  /** When it was measured */
  recordedAt: Scalars['DateTime']['output'];
  /** Who reported it, e.g. apple_watch or manual */
  source: Scalars['String']['output'];
  /** The source's own id for it, which makes a resend a duplicate */
  sourceId?: Maybe<Scalars['String']['output']>;
  /** The canonical unit (the metric type's) */
  unit: Scalars['String']['output'];
  /** The value, in the canonical unit */
  value: Scalars['Float']['output'];
};

/** A page of readings */
export type MetricReadingPage = {
  __typename?: 'MetricReadingPage';
  /** Newest first */
  items: Array<MetricReading>;
  /** Where the page ends */
  pageInfo: PageInfo;
};

/** A ranked source of a definition */
export type MetricSource = {
  __typename?: 'MetricSource';
  /** When it applies, e.g. {type: prefer_if_present}; null: always, by rank */
  condition?: Maybe<Scalars['JSONObject']['output']>;
  /** Its rank: 1 comes first */
  rank: Scalars['Int']['output'];
  /** The source's name, as readings report it */
  source: Scalars['String']['output'];
};

/** One source of a definition's ranked list */
export type MetricSourceInput = {
  /** {type: prefer_if_present} to prefer it whenever it reported, or null */
  condition?: InputMaybe<Scalars['JSONObject']['input']>;
  /** The source's name, 1 to 100 characters, listed once */
  source: Scalars['String']['input'];
};

/** A metric the service understands */
export type MetricType = {
  __typename?: 'MetricType';
  /** The input units a reading may be sent in, canonical first */
  acceptedUnits: Array<Scalars['String']['output']>;
  /** How one source's readings of a day combine */
  aggregation: MetricAggregation;
  /** What it measures */
  category: MetricCategory;
  /** Whether it can have a daily goal */
  goalable: Scalars['Boolean']['output'];
  /** Its stable catalogue id */
  id: Scalars['Int']['output'];
  /** Its name for people */
  label: Scalars['String']['output'];
  /** Its slug, e.g. steps */
  slug: Scalars['String']['output'];
  /** The canonical unit readings are stored in */
  unit: Scalars['String']['output'];
  /** The day summary's field that carries it, or null (then only in the summary's metrics map) */
  valueField?: Maybe<Scalars['String']['output']>;
};

/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type Mutation = {
  __typename?: 'Mutation';
  /** Accept a pending suggestion: creates the event, metric reading, meal event or place visit it proposes, optionally with changed fields. CONFLICT when already decided or expired */
  acceptSuggestion: Suggestion;
  /** Set a goal aside on some days, or for a pause: they neither break nor extend a streak. Returns every skip */
  addGoalSkips: Array<Scalars['Date']['output']>;
  /** Cancel a queued or running import (it ends failed, 'Cancelled'; what it wrote stays), or remove a finished one from the list. True when done */
  cancelImport: Scalars['Boolean']['output'];
  /** Record the routine (or the given items of it) as done on localDate (default today in the user's timezone): an event tagged routine:<id>, a factor of the daily summary */
  completeRoutine: Event;
  /** Add an automation to a definition (fires at most once per local day); at most 20 per definition (CONFLICT beyond) */
  createAutomation: MetricAutomation;
  /** Create a category; names are unique per user, ignoring case (CONFLICT otherwise) */
  createCategory: Category;
  /** Log an event; the same clientId with the same input returns the first event, with another input is a CONFLICT */
  createEvent: Event;
  /** Add a calendar feed: kind calendar, config.url its iCalendar URL (http or https, at most 2048 characters); it syncs every 15 minutes or at once through syncEventSource */
  createEventSource: DataSource;
  /** Plan an n-of-1 experiment: B days switch the intervention on, A days off, in blocks from start; the answer has the schedule, and results as the data come in */
  createExperiment: Experiment;
  /** Enter a food item by hand (source user); nutrients are per serving */
  createFoodItem: FoodItem;
  /** Submit text for background parsing (status queued); the same clientId with the same input returns the first capture, with another input is a CONFLICT */
  createLogCapture: LogCapture;
  /** Add a place (a point and a radius, 100 m unless given) */
  createPlace: Place;
  /** Log a visit to a place; occurredAt defaults to now, localDate to its day in the user's timezone */
  createPlaceVisit: PlaceVisit;
  /**
   * Add a reminder: local times on the days an RRULE gives (FREQ=DAILY by default), in a timezone (default yours),
   * optionally about a goal, routine, metric or tag with a condition, a quiet window, and a channel
   */
  createReminder: Reminder;
  /** Add a routine (timeOfDay anytime, no items and displayOrder 0 unless given) */
  createRoutine: Routine;
  /** Save a meal from food items and servings; its totals are computed from the items */
  createSavedMeal: SavedMeal;
  /**
   * Share a scoped, read-only report with someone without an account: the answer holds the token and the report's path
   * /s/{token}, shown this once. expiresAt is required (at most 90 days ahead); captures, notes, locations and experiments
   * are off unless the scope includes them. Needs a signed-in session (FORBIDDEN for an access token)
   */
  createShare: ShareCreated;
  /**
   * Post events to a URL, signed as Standard Webhooks say; the answer shows the signing secret, once.
   * Needs a signed-in session (FORBIDDEN for an access token); CONFLICT past WEBHOOK_MAX_PER_USER webhooks (default 10)
   */
  createWebhook: WebhookWithSecret;
  /** Delete the account and everything of it, in one transaction. A signed-in session only, with the password (and the TOTP code when it is on). True when deleted */
  deleteAccount: Scalars['Boolean']['output'];
  /** Delete an automation. True when it was deleted */
  deleteAutomation: Scalars['Boolean']['output'];
  /** Delete a category; its events stay, without a category. True when it was deleted */
  deleteCategory: Scalars['Boolean']['output'];
  /** Delete an event. True when it was deleted */
  deleteEvent: Scalars['Boolean']['output'];
  /** Delete a source the user added, with its calendar events (CONFLICT for a default source: disable it instead). True when it was deleted */
  deleteEventSource: Scalars['Boolean']['output'];
  /** Delete an experiment (the events and readings it read stay). True when it was deleted */
  deleteExperiment: Scalars['Boolean']['output'];
  /** Remove a metric's goal (NOT_FOUND when none is set). True when it was removed */
  deleteGoal: Scalars['Boolean']['output'];
  /** The day counts again (NOT_FOUND when it was not skipped). True when it was removed */
  deleteGoalSkip: Scalars['Boolean']['output'];
  /** Delete a place and its visits. True when it was deleted */
  deletePlace: Scalars['Boolean']['output'];
  /** Delete a visit (manual or detected). True when it was deleted */
  deletePlaceVisit: Scalars['Boolean']['output'];
  /** Forget a browser: nothing more is pushed to it. True when it was deleted */
  deletePushSubscription: Scalars['Boolean']['output'];
  /** Delete a reminder and its history. True when it was deleted */
  deleteReminder: Scalars['Boolean']['output'];
  /** Delete a routine (its logged completions stay). True when it was deleted */
  deleteRoutine: Scalars['Boolean']['output'];
  /** Delete a saved meal; events that logged it keep their items. True when it was deleted */
  deleteSavedMeal: Scalars['Boolean']['output'];
  /** Delete a webhook and its deliveries. True when it was deleted */
  deleteWebhook: Scalars['Boolean']['output'];
  /** Discard a running timer without logging anything. True when it was discarded */
  discardTrackingTimer: Scalars['Boolean']['output'];
  /** Dismiss a pending suggestion. CONFLICT when already decided or expired */
  dismissSuggestion: Suggestion;
  /**
   * Erase everything logged and configured, in one transaction, and keep the account (sign-in, profile,
   * sessions, tokens); it starts again with a new account's defaults and every changes cursor must resync.
   * A signed-in session only, with the password (and the TOTP code when it is on)
   */
  eraseData: Erasure;
  /**
   * Another app's CSV export as events and readings (REST: POST /users/{user_id}/import/csv): preset daylio or loop,
   * or mapping (the REST body's mapping object, snake_case). Importing the same file again adds nothing
   */
  importCsv: CsvImportResult;
  /** Ingest up to 10,000 readings in one transaction; readings whose (source, sourceId) already exists, or repeats within the batch, are skipped */
  ingestReadings: ReadingBatchResult;
  /** Resolve a barcode: the item already scanned, else an item matching the product by name and brand (it gets the barcode), else a new verified item from the label. NOT_FOUND for an unknown product, SERVICE_UNAVAILABLE when the label provider is down or slow */
  lookUpBarcode: FoodItem;
  /**
   * Store the wrapped data key; the server never unwraps it. Replacing a stored key (createdAt stays) needs a signed-in
   * session (FORBIDDEN with a token) and keeps the replaced material; sending the stored material again changes nothing
   */
  putEncryptionKey: EncryptionKey;
  /** Create or replace a metric's standing goal (NOT_FOUND for a slug that is not a goalable metric) */
  putGoal: Goal;
  /** Record up to 10,000 location samples in one transaction (a recordedAt already stored is skipped) and detect stays around them */
  recordLocations: LocationBatchResult;
  /**
   * Send a delivery's event again as a new delivery with the same webhook-id: CONFLICT while the delivery, or a redelivery of
   * its event to this webhook, is still pending; RATE_LIMITED at the pending limits, as testWebhook
   */
  redeliverWebhookDelivery: WebhookDelivery;
  /**
   * Register a browser for push notifications: its PushSubscription.toJSON() and an optional label. The endpoint must be
   * https (plain http only where WEB_PUSH_NETWORKS=any); the same endpoint again updates that subscription (keys, label).
   * At most 20 per user (BAD_USER_INPUT at input.endpoint)
   */
  registerPushSubscription: PushSubscription;
  /** Make replaced material the stored key again (a signed-in session only); the key it replaces is kept in its turn */
  restoreEncryptionKey: EncryptionKey;
  /** End a share at once: its link answers 410 from now on; it stays listed with its views. Needs a signed-in session */
  revokeShare: Share;
  /** A new signing secret, shown once; the previous one also signs for 24 hours */
  rotateWebhookSecret: WebhookWithSecret;
  /** Store a week's narrative written elsewhere; a second one for the same week replaces its text and provenance and keeps its id */
  saveNarrative: Narrative;
  /** Start a timer: give a categoryId, a label, or both; startedAt defaults to now. Several timers may run at once */
  startTrackingTimer: TrackingTimer;
  /**
   * Stop a timer: logs an event (source timer) with the start as occurredAt, the duration, the category,
   * the label as notes and the clientId set to the timer's id, and removes the timer. A timer yields one
   * event: stopping it again is NOT_FOUND
   */
  stopTrackingTimer: Event;
  /** Sync a calendar source's feed now and answer the source with the outcome (lastSyncStatus, lastSyncError, counts); a feed that fails is recorded there and changes no event. CONFLICT when the source is not a calendar or has no config.url */
  syncEventSource: DataSource;
  /** Push a test notification to this browser now and say how it went; a 404 or 410 from the push service removes the subscription */
  testPushSubscription: PushOutcome;
  /**
   * Send a ping event to this webhook (even a disabled one); returns its delivery. RATE_LIMITED while the account's deliveries
   * waiting to be sent are at WEBHOOK_MAX_PENDING_PER_USER, or those to the webhook's host at WEBHOOK_MAX_PENDING_PER_HOST
   */
  testWebhook: WebhookDelivery;
  /** Change an automation; omitted fields stay, a changed type re-validates its config */
  updateAutomation: MetricAutomation;
  /** Rename or restyle a category; omitted fields stay, null clears */
  updateCategory: Category;
  /** Change an event; omitted fields stay, null clears a nullable field */
  updateEvent: Event;
  /** Change an event source's config, enabled or sourceLabel; omitted fields stay, none may be null. A disabled source stops producing suggestions */
  updateEventSource: DataSource;
  /** Reword the hypothesis, extend the schedule (more blocks) or stop it (status stopped: it ends on the user's local today) */
  updateExperiment: Experiment;
  /** Edit a food item: omitted fields stay, null clears; a nutrient or serving change makes it user_edited. Saved meals' items re-snapshot; logged meals keep theirs except the event refreshEventId */
  updateFoodItem: FoodItem;
  /** Change a definition; omitted fields stay, sources (when given) replace the whole ranked list, null or [] clears it */
  updateMetricDefinition: MetricDefinition;
  /** Change a place; omitted fields stay, null clears tags, liked, notes or rating */
  updatePlace: Place;
  /** Change the profile (timezone, language, week start; email needs a signed-in session); omitted fields stay */
  updateProfile: Profile;
  /** Change a reminder; omitted fields stay, null clears target or quiet. A new schedule counts from now */
  updateReminder: Reminder;
  /** Change a routine; omitted fields stay, null clears color or iconKey */
  updateRoutine: Routine;
  /** Change a saved meal: items replace the list; nutrition edits the totals by hand (totalsSource user), null makes them computed again */
  updateSavedMeal: SavedMeal;
  /** Change a webhook; omitted fields stay; enabling it again clears its failure. A new url needs a signed-in session (FORBIDDEN for an access token) */
  updateWebhook: Webhook;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationAcceptSuggestionArgs = {
  id: Scalars['UUID']['input'];
  input?: InputMaybe<SuggestionAcceptInput>;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationAddGoalSkipsArgs = {
  input: GoalSkipsInput;
  slug: Scalars['String']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCancelImportArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCompleteRoutineArgs = {
  id: Scalars['UUID']['input'];
  input: RoutineCompletionInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCreateAutomationArgs = {
  definitionId: Scalars['UUID']['input'];
  input: AutomationCreateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCreateCategoryArgs = {
  input: CategoryCreateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCreateEventArgs = {
  input: EventCreateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCreateEventSourceArgs = {
  input: EventSourceCreateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCreateExperimentArgs = {
  input: ExperimentCreateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCreateFoodItemArgs = {
  input: FoodItemCreateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCreateLogCaptureArgs = {
  input: LogCaptureCreateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCreatePlaceArgs = {
  input: PlaceCreateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCreatePlaceVisitArgs = {
  id: Scalars['UUID']['input'];
  input: PlaceVisitCreateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCreateReminderArgs = {
  input: ReminderCreateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCreateRoutineArgs = {
  input: RoutineCreateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCreateSavedMealArgs = {
  input: SavedMealCreateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCreateShareArgs = {
  input: ShareCreateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationCreateWebhookArgs = {
  input: WebhookCreateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeleteAccountArgs = {
  input: ErasureInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeleteAutomationArgs = {
  definitionId: Scalars['UUID']['input'];
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeleteCategoryArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeleteEventArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeleteEventSourceArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeleteExperimentArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeleteGoalArgs = {
  slug: Scalars['String']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeleteGoalSkipArgs = {
  date: Scalars['Date']['input'];
  slug: Scalars['String']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeletePlaceArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeletePlaceVisitArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeletePushSubscriptionArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeleteReminderArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeleteRoutineArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeleteSavedMealArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDeleteWebhookArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDiscardTrackingTimerArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationDismissSuggestionArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationEraseDataArgs = {
  input: ErasureInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationImportCsvArgs = {
  input: CsvImportInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationIngestReadingsArgs = {
  input: ReadingBatchInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationLookUpBarcodeArgs = {
  input: BarcodeLookupInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationPutEncryptionKeyArgs = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  input: EncryptionKeyPutInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationPutGoalArgs = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  input: GoalInput;
  slug: Scalars['String']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationRecordLocationsArgs = {
  input: LocationBatchInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationRedeliverWebhookDeliveryArgs = {
  deliveryId: Scalars['UUID']['input'];
  webhookId: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationRegisterPushSubscriptionArgs = {
  input: PushSubscriptionInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationRestoreEncryptionKeyArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationRevokeShareArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationRotateWebhookSecretArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationSaveNarrativeArgs = {
  input: NarrativeInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationStartTrackingTimerArgs = {
  input: TrackingTimerStartInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationStopTrackingTimerArgs = {
  id: Scalars['UUID']['input'];
  input?: InputMaybe<TrackingTimerStopInput>;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationSyncEventSourceArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationTestPushSubscriptionArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationTestWebhookArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdateAutomationArgs = {
  definitionId: Scalars['UUID']['input'];
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['UUID']['input'];
  input: AutomationUpdateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdateCategoryArgs = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['UUID']['input'];
  input: CategoryUpdateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdateEventArgs = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['UUID']['input'];
  input: EventUpdateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdateEventSourceArgs = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['UUID']['input'];
  input: EventSourceUpdateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdateExperimentArgs = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['UUID']['input'];
  input: ExperimentUpdateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdateFoodItemArgs = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['UUID']['input'];
  input: FoodItemUpdateInput;
  refreshEventId?: InputMaybe<Scalars['UUID']['input']>;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdateMetricDefinitionArgs = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['UUID']['input'];
  input: MetricDefinitionUpdateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdatePlaceArgs = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['UUID']['input'];
  input: PlaceUpdateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdateProfileArgs = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  input: ProfileUpdateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdateReminderArgs = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['UUID']['input'];
  input: ReminderUpdateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdateRoutineArgs = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['UUID']['input'];
  input: RoutineUpdateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdateSavedMealArgs = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['UUID']['input'];
  input: SavedMealUpdateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdateWebhookArgs = {
  id: Scalars['UUID']['input'];
  input: WebhookUpdateInput;
};

/** Prose about one week of the user's data, written by a language model */
export type Narrative = {
  __typename?: 'Narrative';
  /** When it was first stored */
  createdAt: Scalars['DateTime']['output'];
  /** The narrative's id */
  id: Scalars['UUID']['output'];
  /** Prompt tokens the model read; null when unknown */
  inputTokens?: Maybe<Scalars['Int']['output']>;
  /** The model that wrote it; null when unknown */
  modelUsed?: Maybe<Scalars['String']['output']>;
  /** The prose */
  narrativeText: Scalars['String']['output'];
  /** Tokens the model wrote; null when unknown */
  outputTokens?: Maybe<Scalars['Int']['output']>;
  /** The Sunday it ends on */
  periodEnd: Scalars['Date']['output'];
  /** The Monday the week starts on */
  periodStart: Scalars['Date']['output'];
  /** The period it covers */
  periodType: NarrativePeriodType;
  /** Who wrote it (the model endpoint's host, or what the poster said); null when unknown */
  provider?: Maybe<Scalars['String']['output']>;
  /** When its text last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
};

/** A week's facts, as the narrative is written from them */
export type NarrativeDigest = {
  __typename?: 'NarrativeDigest';
  /** The facts as compact plain text: the numbers the API gives for those days */
  digest: Scalars['String']['output'];
  /** Whether the week holds any metric value or event */
  hasData: Scalars['Boolean']['output'];
  /** The week's Sunday */
  periodEnd: Scalars['Date']['output'];
  /** The week's Monday */
  periodStart: Scalars['Date']['output'];
  /** The period it covers */
  periodType: NarrativePeriodType;
};

/** A week's narrative written elsewhere */
export type NarrativeInput = {
  /** Prompt tokens the model read (0 or more) */
  inputTokens?: InputMaybe<Scalars['Int']['input']>;
  /** The model that wrote it, up to 200 characters */
  modelUsed?: InputMaybe<Scalars['String']['input']>;
  /** The prose, 1 to 20,000 characters after trimming */
  narrativeText: Scalars['String']['input'];
  /** Tokens the model wrote (0 or more) */
  outputTokens?: InputMaybe<Scalars['Int']['input']>;
  /** The Sunday it ends on (periodStart + 6 days); derived when omitted */
  periodEnd?: InputMaybe<Scalars['Date']['input']>;
  /** The Monday the week starts on */
  periodStart: Scalars['Date']['input'];
  /** Only week (the default) */
  periodType?: InputMaybe<NarrativePeriodType>;
  /** Who wrote it, up to 200 characters */
  provider?: InputMaybe<Scalars['String']['input']>;
};

/** A page of narratives */
export type NarrativePage = {
  __typename?: 'NarrativePage';
  /** This page, in the list's order */
  items: Array<Narrative>;
  /** Where the page ends */
  pageInfo: PageInfo;
};

/** The period a narrative covers: a week, Monday to Sunday in the user's time zone */
export type NarrativePeriodType =
  /** A week, Monday to Sunday */
  | 'week';

/** A nutrient, named as its field of Nutrition */
export type NutrientName =
  /** Added sugar in g */
  | 'addedSugarG'
  /** Calcium in mg */
  | 'calciumMg'
  /** Energy in kcal */
  | 'calories'
  /** Carbohydrates in g */
  | 'carbohydratesG'
  /** Cholesterol in mg */
  | 'cholesterolMg'
  /** Fat in g */
  | 'fatG'
  /** Fiber in g */
  | 'fiberG'
  /** Iron in mg */
  | 'ironMg'
  /** Potassium in mg */
  | 'potassiumMg'
  /** Protein in g */
  | 'proteinG'
  /** Saturated fat in g */
  | 'saturatedFatG'
  /** Sodium in mg */
  | 'sodiumMg'
  /** Sugar in g */
  | 'sugarG'
  /** Trans fat in g */
  | 'transFatG'
  /** Vitamin A in mcg */
  | 'vitaminAMcg'
  /** Vitamin C in mg */
  | 'vitaminCMg'
  /** Vitamin D in mcg */
  | 'vitaminDMcg';

/** Nutrient values; a nutrient nobody knows is null, never 0 */
export type Nutrition = {
  __typename?: 'Nutrition';
  /** Added sugar in g */
  addedSugarG?: Maybe<Scalars['Float']['output']>;
  /** Calcium in mg */
  calciumMg?: Maybe<Scalars['Float']['output']>;
  /** Energy in kcal */
  calories?: Maybe<Scalars['Float']['output']>;
  /** Carbohydrates in g */
  carbohydratesG?: Maybe<Scalars['Float']['output']>;
  /** Cholesterol in mg */
  cholesterolMg?: Maybe<Scalars['Float']['output']>;
  /** Fat in g */
  fatG?: Maybe<Scalars['Float']['output']>;
  /** Fiber in g */
  fiberG?: Maybe<Scalars['Float']['output']>;
  /** Iron in mg */
  ironMg?: Maybe<Scalars['Float']['output']>;
  /** Potassium in mg */
  potassiumMg?: Maybe<Scalars['Float']['output']>;
  /** Protein in g */
  proteinG?: Maybe<Scalars['Float']['output']>;
  /** Saturated fat in g */
  saturatedFatG?: Maybe<Scalars['Float']['output']>;
  /** Sodium in mg */
  sodiumMg?: Maybe<Scalars['Float']['output']>;
  /** Sugar in g */
  sugarG?: Maybe<Scalars['Float']['output']>;
  /** Trans fat in g */
  transFatG?: Maybe<Scalars['Float']['output']>;
  /** Vitamin A in mcg */
  vitaminAMcg?: Maybe<Scalars['Float']['output']>;
  /** Vitamin C in mg */
  vitaminCMg?: Maybe<Scalars['Float']['output']>;
  /** Vitamin D in mcg */
  vitaminDMcg?: Maybe<Scalars['Float']['output']>;
};

/** Nutrient totals written by hand; omitted nutrients stay, null clears one */
export type NutritionInput = {
  /** Added sugar in g */
  addedSugarG?: InputMaybe<Scalars['Float']['input']>;
  /** Calcium in mg */
  calciumMg?: InputMaybe<Scalars['Float']['input']>;
  /** Energy in kcal */
  calories?: InputMaybe<Scalars['Float']['input']>;
  /** Carbohydrates in g */
  carbohydratesG?: InputMaybe<Scalars['Float']['input']>;
  /** Cholesterol in mg */
  cholesterolMg?: InputMaybe<Scalars['Float']['input']>;
  /** Fat in g */
  fatG?: InputMaybe<Scalars['Float']['input']>;
  /** Fiber in g */
  fiberG?: InputMaybe<Scalars['Float']['input']>;
  /** Iron in mg */
  ironMg?: InputMaybe<Scalars['Float']['input']>;
  /** Potassium in mg */
  potassiumMg?: InputMaybe<Scalars['Float']['input']>;
  /** Protein in g */
  proteinG?: InputMaybe<Scalars['Float']['input']>;
  /** Saturated fat in g */
  saturatedFatG?: InputMaybe<Scalars['Float']['input']>;
  /** Sodium in mg */
  sodiumMg?: InputMaybe<Scalars['Float']['input']>;
  /** Sugar in g */
  sugarG?: InputMaybe<Scalars['Float']['input']>;
  /** Trans fat in g */
  transFatG?: InputMaybe<Scalars['Float']['input']>;
  /** Vitamin A in mcg */
  vitaminAMcg?: InputMaybe<Scalars['Float']['input']>;
  /** Vitamin C in mg */
  vitaminCMg?: InputMaybe<Scalars['Float']['input']>;
  /** Vitamin D in mcg */
  vitaminDMcg?: InputMaybe<Scalars['Float']['input']>;
};

/** An event as emitted */
export type OutboundEvent = {
  __typename?: 'OutboundEvent';
  /** Its id: the webhook-id header of its deliveries */
  id: Scalars['UUID']['output'];
  /** When it happened */
  occurredAt: Scalars['DateTime']['output'];
  /** What it is about, as the REST API reads it (snake_case keys) */
  payload: Scalars['JSONObject']['output'];
  /** What happened */
  type: EventType;
};

/** Where a page of a long list ends: pass endCursor as `after` for the next page */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** The cursor after this page's last item; null when the page is empty */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** More items follow this page */
  hasNextPage: Scalars['Boolean']['output'];
};

/** A place the user goes to: a point and a radius */
export type Place = {
  __typename?: 'Place';
  /** Other names the user calls it ("the office"); captures naming it or one of them suggest a visit */
  aliases: Array<Scalars['String']['output']>;
  /** When it was created */
  createdAt: Scalars['DateTime']['output'];
  /** The place's id */
  id: Scalars['UUID']['output'];
  /** When the latest visit began */
  lastVisitAt?: Maybe<Scalars['DateTime']['output']>;
  /** Latitude, degrees */
  lat: Scalars['Float']['output'];
  /** Whether the user likes it */
  liked?: Maybe<Scalars['Boolean']['output']>;
  /** Longitude, degrees */
  lng: Scalars['Float']['output'];
  /** Its name */
  name: Scalars['String']['output'];
  /** Free text */
  notes?: Maybe<Scalars['String']['output']>;
  /** Radius in metres: a location within it is at the place */
  radiusM: Scalars['Float']['output'];
  /** A rating from 0 to 5 */
  rating?: Maybe<Scalars['Float']['output']>;
  /** Who made it */
  source: PlaceSource;
  /** Tags, lower-case */
  tags?: Maybe<Array<Scalars['String']['output']>>;
  /** When it last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
  /** How many visits it has */
  visitCount: Scalars['Int']['output'];
  /** Its newest visits */
  visits: Array<PlaceVisit>;
};


/** A place the user goes to: a point and a radius */
export type PlaceVisitsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};

/** A new place */
export type PlaceCreateInput = {
  /** Other names for it: at most 20, each 1 to 100 characters, trimmed; a repeat in any case is dropped (default none) */
  aliases?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Latitude, -90 to 90 */
  lat: Scalars['Float']['input'];
  /** Whether the user likes it */
  liked?: InputMaybe<Scalars['Boolean']['input']>;
  /** Longitude, -180 to 180 */
  lng: Scalars['Float']['input'];
  /** Its name, 1 to 200 characters */
  name: Scalars['String']['input'];
  /** Free text, up to 10,000 characters */
  notes?: InputMaybe<Scalars['String']['input']>;
  /** Radius in metres, more than 0 and at most 50,000 (default 100) */
  radiusM?: InputMaybe<Scalars['Float']['input']>;
  /** A rating from 0 to 5 */
  rating?: InputMaybe<Scalars['Float']['input']>;
  /** Tags; trimmed, lower-cased, a leading # dropped */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** Who made a place */
export type PlaceSource =
  /** Made by stay detection */
  | 'detected'
  /** Made by accepting a new_place suggestion */
  | 'suggestion'
  /** Added by the user */
  | 'user';

/** Place changes; omitted fields stay, null clears tags, liked, notes or rating */
export type PlaceUpdateInput = {
  /** Other names, replacing the list ([] clears it; null is refused) */
  aliases?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Whether the user likes it, or null */
  liked?: InputMaybe<Scalars['Boolean']['input']>;
  /** A new name */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Free text, or null */
  notes?: InputMaybe<Scalars['String']['input']>;
  /** A new radius in metres */
  radiusM?: InputMaybe<Scalars['Float']['input']>;
  /** A rating from 0 to 5, or null */
  rating?: InputMaybe<Scalars['Float']['input']>;
  /** Tags, or null */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** A stay at a place, logged by hand or detected */
export type PlaceVisit = {
  __typename?: 'PlaceVisit';
  /** When it ended, if known */
  endedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The visit's id */
  id: Scalars['UUID']['output'];
  /** The local day it counts for, in the user's timezone */
  localDate?: Maybe<Scalars['Date']['output']>;
  /** Free text */
  note?: Maybe<Scalars['String']['output']>;
  /** When it began */
  occurredAt: Scalars['DateTime']['output'];
  /** The place visited */
  place: Place;
  /** How it was recorded */
  source: VisitSource;
};

/** A new visit; every field is optional */
export type PlaceVisitCreateInput = {
  /** When it ended, after occurredAt */
  endedAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** The local day it counts for (default: occurredAt's day in the user's timezone) */
  localDate?: InputMaybe<Scalars['Date']['input']>;
  /** Free text, up to 2000 characters */
  note?: InputMaybe<Scalars['String']['input']>;
  /** When it began (default now), with a timezone */
  occurredAt?: InputMaybe<Scalars['DateTime']['input']>;
};

/** A page of visits */
export type PlaceVisitPage = {
  __typename?: 'PlaceVisitPage';
  /** This page, in the list's order */
  items: Array<PlaceVisit>;
  /** Where the page ends */
  pageInfo: PageInfo;
};

/** The account's settings */
export type Profile = {
  __typename?: 'Profile';
  /** When the account was created */
  createdAt: Scalars['DateTime']['output'];
  /** Login email */
  email: Scalars['String']['output'];
  /** The user's id */
  id: Scalars['UUID']['output'];
  /** The language log captures are parsed in, besides English */
  language: CaptureLanguage;
  /** IANA timezone in which local dates are computed */
  timezone: Scalars['String']['output'];
  /** Whether sign-in asks for a TOTP code */
  totpEnabled: Scalars['Boolean']['output'];
  /** When the profile last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
  /** The day weeks start on, for weekly goals */
  weekStart: Weekday;
};

/** Profile changes; an omitted field stays as it is */
export type ProfileUpdateInput = {
  /** The login email in another spelling of the same address (letter case), from a signed-in session; another address is refused alike whether it is taken or free (the operator sets one: npm run user:email) */
  email?: InputMaybe<Scalars['String']['input']>;
  /** The language log captures are parsed in, besides English */
  language?: InputMaybe<CaptureLanguage>;
  /** An IANA timezone such as Europe/Berlin */
  timezone?: InputMaybe<Scalars['String']['input']>;
  /** The day weeks start on, for weekly goals */
  weekStart?: InputMaybe<Weekday>;
};

/** How a push to one subscription went */
export type PushOutcome = {
  __typename?: 'PushOutcome';
  /** Why it failed; on a 404 or 410 the subscription was removed */
  error?: Maybe<Scalars['String']['output']>;
  /** The push service took the message (2xx) */
  ok: Scalars['Boolean']['output'];
  /** The push service's HTTP status; null when none came (timeout, refused address) */
  status?: Maybe<Scalars['Int']['output']>;
  /** The subscription pushed to */
  subscriptionId: Scalars['UUID']['output'];
};

/** A browser that takes push notifications (Web Push) */
export type PushSubscription = {
  __typename?: 'PushSubscription';
  /** When it was registered */
  createdAt: Scalars['DateTime']['output'];
  /** The push service's scheme and host (e.g. https://fcm.googleapis.com); the full endpoint is never shown */
  endpointOrigin: Scalars['String']['output'];
  /** The subscription's id */
  id: Scalars['UUID']['output'];
  /** Which browser or device this is */
  label?: Maybe<Scalars['String']['output']>;
  /** Why the push at lastFailureAt failed */
  lastError?: Maybe<Scalars['String']['output']>;
  /** When a push last failed */
  lastFailureAt?: Maybe<Scalars['DateTime']['output']>;
  /** When a push last reached the push service */
  lastSuccessAt?: Maybe<Scalars['DateTime']['output']>;
  /** When it was last registered */
  updatedAt: Scalars['DateTime']['output'];
  /** Its version in the changes feed. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
};

/** A browser's PushSubscription.toJSON(), as the page's script gets it, and a label */
export type PushSubscriptionInput = {
  /** The push service's URL for this browser: a capability, never shown again */
  endpoint: Scalars['String']['input'];
  /** When the browser says the subscription ends (milliseconds since 1970), or null; accepted, not kept */
  expirationTime?: InputMaybe<Scalars['Float']['input']>;
  /** What the payload is encrypted to */
  keys: PushSubscriptionKeysInput;
  /** Which browser or device this is (e.g. Phone) */
  label?: InputMaybe<Scalars['String']['input']>;
};

/** PushSubscription.toJSON().keys (base64url) */
export type PushSubscriptionKeysInput = {
  /** The browser's authentication secret, 16 bytes */
  auth: Scalars['String']['input'];
  /** The browser's ECDH public key: an uncompressed P-256 point, 65 bytes */
  p256dh: Scalars['String']['input'];
};

/** Every read starts from the caller: me, or user(id) with the caller's own id */
export type Query = {
  __typename?: 'Query';
  /** The user the token belongs to */
  me: User;
  /** A user by id: only the caller's own id is allowed (another id is FORBIDDEN) */
  user: User;
};


/** Every read starts from the caller: me, or user(id) with the caller's own id */
export type QueryUserArgs = {
  id: Scalars['UUID']['input'];
};

/** A quiet window: due times inside it are skipped */
export type QuietWindow = {
  __typename?: 'QuietWindow';
  /** Until (HH:MM, may wrap past midnight) */
  end: Scalars['String']['output'];
  /** From (HH:MM) */
  start: Scalars['String']['output'];
};

/** A quiet window */
export type QuietWindowInput = {
  /** Until (HH:MM) */
  end: Scalars['String']['input'];
  /** From (HH:MM) */
  start: Scalars['String']['input'];
};

/** A batch of readings */
export type ReadingBatchInput = {
  /** Up to 10,000 readings; any invalid one fails the whole batch */
  readings: Array<ReadingInput>;
};

/** What an ingest did */
export type ReadingBatchResult = {
  __typename?: 'ReadingBatchResult';
  /** The readings it created, in the order sent */
  created: Array<MetricReading>;
  /** How many it skipped as duplicates of stored readings or of earlier ones in the batch */
  skippedCount: Scalars['Int']['output'];
};

/** One reading to ingest */
export type ReadingInput = {
  /** Any extra data (at most 8 KiB of JSON) */
  metadata?: InputMaybe<Scalars['JSONObject']['input']>;
  /** A metric type's slug (User.metricTypes lists them) */
  metricTypeSlug: Scalars['String']['input'];
  /** Groups readings measured together */
  readingGroupId?: InputMaybe<Scalars['UUID']['input']>;
  /** When it was measured, with a timezone */
  recordedAt: Scalars['DateTime']['input'];
  /** Who reports it, 1 to 100 characters */
  source: Scalars['String']['input'];
  /** The source's own id for it, up to 255 characters: a resend with the same source and sourceId is skipped */
  sourceId?: InputMaybe<Scalars['String']['input']>;
  /** The unit of value, one of the metric type's acceptedUnits */
  unit?: InputMaybe<Scalars['String']['input']>;
  /** The value, in unit (default: the metric's canonical unit) */
  value: Scalars['Float']['input'];
};

/** A reminder: local times on the days an RRULE gives, in a timezone */
export type Reminder = {
  __typename?: 'Reminder';
  /** Where it goes */
  channel: ReminderChannel;
  /** When a due time goes out */
  condition: ReminderCondition;
  /** When it was created */
  createdAt: Scalars['DateTime']['output'];
  /** Whether it falls due at all */
  enabled: Scalars['Boolean']['output'];
  /** How late it may still go out after the service was not running; later it is missed */
  graceMinutes: Scalars['Int']['output'];
  /** The reminder's id */
  id: Scalars['UUID']['output'];
  /** What to remind of */
  label: Scalars['String']['output'];
  /** When it next falls due by its rule; null once the rule has no more */
  nextDueAt?: Maybe<Scalars['DateTime']['output']>;
  /** Due times inside it are skipped */
  quiet?: Maybe<QuietWindow>;
  /** The RRULE of its days */
  rrule: Scalars['String']['output'];
  /** A snoozed due time comes again then */
  snoozedUntil?: Maybe<Scalars['DateTime']['output']>;
  /** The rule's first day */
  startsOn: Scalars['Date']['output'];
  /** What it is about; null: nothing, it always goes out */
  target?: Maybe<ReminderTarget>;
  /** Local times of day (HH:MM), in order */
  times: Array<Scalars['String']['output']>;
  /** The IANA timezone of its local times */
  timezone: Scalars['String']['output'];
  /** When it was last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
  /** The webhook of a webhook or ntfy channel (null once deleted) */
  webhookId?: Maybe<Scalars['UUID']['output']>;
};

/** What was done from a reminder's message */
export type ReminderAction =
  /** Marked done */
  | 'done'
  /** Snoozed */
  | 'snoozed';

/** The signed links a reminder's message carried */
export type ReminderActionLinks = {
  __typename?: 'ReminderActionLinks';
  /** POST: mark it done */
  doneUrl: Scalars['String']['output'];
  /** A page with both buttons */
  pageUrl: Scalars['String']['output'];
  /** POST: snooze it (minutes, default 15) */
  snoozeUrl: Scalars['String']['output'];
};

/** Where a reminder goes */
export type ReminderChannel =
  /** A webhook in the ntfy format: a notification with Done and Snooze buttons */
  | 'ntfy'
  /** Every browser the user subscribed to Web Push */
  | 'web_push'
  /** The event reminder.due, to one webhook */
  | 'webhook';

/** When a due time goes out */
export type ReminderCondition =
  /** Every due time */
  | 'always'
  /** Only if nothing was logged since the previous due time (for a goal: while its period is not met) */
  | 'not_logged_this_period'
  /** Only if nothing was logged for the target on the local day */
  | 'not_logged_today';

/** A new reminder (REST's ReminderCreate) */
export type ReminderCreateInput = {
  /** Where it goes */
  channel: ReminderChannel;
  /** When a due time goes out (default always) */
  condition?: InputMaybe<ReminderCondition>;
  /** Default true */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** Grace after a downtime (default 60) */
  graceMinutes?: InputMaybe<Scalars['Int']['input']>;
  /** What to remind of */
  label: Scalars['String']['input'];
  /** Due times inside it are skipped */
  quiet?: InputMaybe<QuietWindowInput>;
  /** Which days (default FREQ=DAILY) */
  rrule?: InputMaybe<Scalars['String']['input']>;
  /** The rule's first day (default today) */
  startsOn?: InputMaybe<Scalars['Date']['input']>;
  /** What it is about */
  target?: InputMaybe<ReminderTargetInput>;
  /** Local times of day (HH:MM) */
  times: Array<Scalars['String']['input']>;
  /** IANA timezone (default yours) */
  timezone?: InputMaybe<Scalars['String']['input']>;
  /** The webhook, for the webhook and ntfy channels */
  webhookId?: InputMaybe<Scalars['UUID']['input']>;
};

/** What became of one due time of a reminder */
export type ReminderFiring = {
  __typename?: 'ReminderFiring';
  /** When */
  actedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Done or snoozed from its message */
  action?: Maybe<ReminderAction>;
  /** The signed links its message carried (sent ones only) */
  actions?: Maybe<ReminderActionLinks>;
  /** When it was decided */
  decidedAt: Scalars['DateTime']['output'];
  /** When it went out, or was to (the due time, or the end of a snooze) */
  dueAt: Scalars['DateTime']['output'];
  /** The reminder.due event sent to the webhook */
  eventId?: Maybe<Scalars['UUID']['output']>;
  /** The firing's id */
  id: Scalars['UUID']['output'];
  /** Its local day */
  localDate: Scalars['Date']['output'];
  /** Its local time as set */
  localTime: Scalars['String']['output'];
  /** The rule's due time it is about */
  occurrenceAt: Scalars['DateTime']['output'];
  /** Each browser's push service's answer */
  pushResults?: Maybe<Array<ReminderPushResult>>;
  /** Why it was skipped, missed or failed */
  reason?: Maybe<Scalars['String']['output']>;
  /** Its reminder */
  reminderId: Scalars['UUID']['output'];
  /** A snoozed due time coming again */
  snoozed: Scalars['Boolean']['output'];
  /** Sent, skipped, missed, failed, or pending */
  status: ReminderFiringStatus;
};

/** What became of a due time */
export type ReminderFiringStatus =
  /** The channel could not take it: see reason */
  | 'failed'
  /** The service was not running within the grace window */
  | 'missed'
  /** A Web Push is on its way */
  | 'pending'
  /** It went out */
  | 'sent'
  /** Not sent: see reason */
  | 'skipped';

/** One due time of a reminder */
export type ReminderOccurrence = {
  __typename?: 'ReminderOccurrence';
  /** The instant */
  dueAt: Scalars['DateTime']['output'];
  /** Its local day */
  localDate: Scalars['Date']['output'];
  /** The local time it was set for */
  localTime: Scalars['String']['output'];
};

/** One push service's answer for one browser */
export type ReminderPushResult = {
  __typename?: 'ReminderPushResult';
  /** What went wrong */
  error?: Maybe<Scalars['String']['output']>;
  /** Whether the push service took it */
  ok: Scalars['Boolean']['output'];
  /** Its HTTP status */
  status?: Maybe<Scalars['Int']['output']>;
  /** The browser's subscription */
  subscriptionId: Scalars['UUID']['output'];
};

/** What a reminder is about */
export type ReminderTarget = {
  __typename?: 'ReminderTarget';
  /** A goal, routine, metric or tag */
  kind: ReminderTargetKind;
  /** The goal's or metric's slug, the routine's id, or the tag */
  ref: Scalars['String']['output'];
};

/** A target: a goal (its slug), a routine (its id), a metric (its slug) or a tag */
export type ReminderTargetInput = {
  /** What kind */
  kind: ReminderTargetKind;
  /** The slug, id or tag */
  ref: Scalars['String']['input'];
};

/** What a reminder is about */
export type ReminderTargetKind =
  /** A goal, by its metric's slug */
  | 'goal'
  /** A metric, by its slug */
  | 'metric'
  /** A routine, by its id */
  | 'routine'
  /** A tag */
  | 'tag';

/** Changes to a reminder (REST's ReminderUpdate): omitted fields stay, null clears target or quiet */
export type ReminderUpdateInput = {
  /** Where it goes */
  channel?: InputMaybe<ReminderChannel>;
  /** When a due time goes out */
  condition?: InputMaybe<ReminderCondition>;
  /** On or off */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** Grace after a downtime */
  graceMinutes?: InputMaybe<Scalars['Int']['input']>;
  /** What to remind of */
  label?: InputMaybe<Scalars['String']['input']>;
  /** Due times inside it are skipped */
  quiet?: InputMaybe<QuietWindowInput>;
  /** Which days */
  rrule?: InputMaybe<Scalars['String']['input']>;
  /** The rule's first day */
  startsOn?: InputMaybe<Scalars['Date']['input']>;
  /** What it is about */
  target?: InputMaybe<ReminderTargetInput>;
  /** Local times of day (HH:MM) */
  times?: InputMaybe<Array<Scalars['String']['input']>>;
  /** IANA timezone */
  timezone?: InputMaybe<Scalars['String']['input']>;
  /** The webhook */
  webhookId?: InputMaybe<Scalars['UUID']['input']>;
};

/** Key material the user replaced: kept so nothing encrypted under it is orphaned */
export type ReplacedEncryptionKey = {
  __typename?: 'ReplacedEncryptionKey';
  /** Its id, to restore it */
  id: Scalars['UUID']['output'];
  /** The key derivation's parameters */
  kdfParams: Scalars['JSONObject']['output'];
  /** The salt of the key derivation */
  kdfSalt: Scalars['String']['output'];
  /** When another took its place */
  replacedAt: Scalars['DateTime']['output'];
  /** When this material was stored */
  storedAt: Scalars['DateTime']['output'];
  /** What the client checks a derived key against */
  verifier: Scalars['String']['output'];
  /** The data key, wrapped by the passphrase-derived key */
  wrappedDek: Scalars['String']['output'];
};

/** How a definition combines its sources' daily values into the day's value */
export type ResolutionOperator =
  /** The value of the source that reported last */
  | 'latest'
  /** The largest source value */
  | 'max'
  /** The mean of the source values */
  | 'mean'
  /** The smallest source value */
  | 'min'
  /** The value of the best-ranked source that reported (the default) */
  | 'priority';

/** A named checklist the user runs at a time of day */
export type Routine = {
  __typename?: 'Routine';
  /** A #rrggbb color */
  color?: Maybe<Scalars['String']['output']>;
  /** When it was created */
  createdAt: Scalars['DateTime']['output'];
  /** Where the user placed it in the list (ascending) */
  displayOrder: Scalars['Int']['output'];
  /** The client's icon key */
  iconKey?: Maybe<Scalars['String']['output']>;
  /** The routine's id */
  id: Scalars['UUID']['output'];
  /** Its checklist items, in order */
  items: Array<Scalars['String']['output']>;
  /** Its name */
  name: Scalars['String']['output'];
  /** The reminders about this routine */
  reminders: Array<Reminder>;
  /** When in the day it is meant to be done */
  timeOfDay: TimeOfDay;
  /** When it last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
};

/** A routine done on a day; every field is optional */
export type RoutineCompletionInput = {
  /** The items done, each one of the routine's items (default all of them) */
  items?: InputMaybe<Array<Scalars['String']['input']>>;
  /** The day it was done (default today in the user's timezone) */
  localDate?: InputMaybe<Scalars['Date']['input']>;
};

/** A new routine */
export type RoutineCreateInput = {
  /** A #rrggbb color */
  color?: InputMaybe<Scalars['String']['input']>;
  /** Its place in the list (default 0) */
  displayOrder?: InputMaybe<Scalars['Int']['input']>;
  /** The client's icon key, up to 100 characters */
  iconKey?: InputMaybe<Scalars['String']['input']>;
  /** Up to 100 checklist items of 1 to 200 characters (default none) */
  items?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Its name, 1 to 200 characters */
  name: Scalars['String']['input'];
  /** When in the day (default anytime) */
  timeOfDay?: InputMaybe<TimeOfDay>;
};

/** Routine changes; omitted fields stay, null clears color or iconKey */
export type RoutineUpdateInput = {
  /** A #rrggbb color, or null */
  color?: InputMaybe<Scalars['String']['input']>;
  /** A new place in the list */
  displayOrder?: InputMaybe<Scalars['Int']['input']>;
  /** The client's icon key, or null */
  iconKey?: InputMaybe<Scalars['String']['input']>;
  /** The new checklist items */
  items?: InputMaybe<Array<Scalars['String']['input']>>;
  /** A new name */
  name?: InputMaybe<Scalars['String']['input']>;
  /** A new time of day */
  timeOfDay?: InputMaybe<TimeOfDay>;
};

/** A meal saved in the library, to log again */
export type SavedMeal = {
  __typename?: 'SavedMeal';
  /** When it was created */
  createdAt: Scalars['DateTime']['output'];
  /** The saved meal's id */
  id: Scalars['UUID']['output'];
  /** Its foods, in order */
  items: Array<MealItem>;
  /** Its name */
  name: Scalars['String']['output'];
  /** Its total nutrition */
  nutrition: Nutrition;
  /** Whether the totals are computed from the items or written by hand (REST's _meta.source) */
  totalsSource: MealTotalsSource;
  /** When it last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** How many times it was logged */
  usageCount: Scalars['Int']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
};

/** A new saved meal */
export type SavedMealCreateInput = {
  /** Its foods, 1 to 100 */
  items: Array<SavedMealItemInput>;
  /** Its name */
  name: Scalars['String']['input'];
};

/** A food in a saved meal */
export type SavedMealItemInput = {
  /** One of the user's food items */
  foodItemId: Scalars['UUID']['input'];
  /** How many servings (default 1) */
  servings?: InputMaybe<Scalars['Float']['input']>;
};

/** Saved meal changes; omitted fields stay */
export type SavedMealUpdateInput = {
  /** A new list of foods, replacing the old */
  items?: InputMaybe<Array<SavedMealItemInput>>;
  /** A new name */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Totals written by hand (totalsSource becomes user), or null to compute them from the items again */
  nutrition?: InputMaybe<NutritionInput>;
};

/** A share link: a scoped, read-only, expiring report of the user's data for someone without an account */
export type Share = {
  __typename?: 'Share';
  /** When it was created */
  createdAt: Scalars['DateTime']['output'];
  /** When the link stops working */
  expiresAt: Scalars['DateTime']['output'];
  /** A fixed period's first day; null for a rolling one */
  from?: Maybe<Scalars['Date']['output']>;
  /** Whether the report asks for a password */
  hasPassword: Scalars['Boolean']['output'];
  /** The share's id */
  id: Scalars['UUID']['output'];
  /** What it is for */
  label: Scalars['String']['output'];
  /** A rolling period: the last N days up to the day it is opened */
  lastDays?: Maybe<Scalars['Int']['output']>;
  /** When the report was last opened */
  lastViewedAt?: Maybe<Scalars['DateTime']['output']>;
  /** How many times the report may be opened; null without a limit */
  maxViews?: Maybe<Scalars['Int']['output']>;
  /** When it was revoked */
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  /** What it shows */
  scope: ShareScope;
  /** Active, or why the link no longer opens */
  status: ShareStatus;
  /** A fixed period's last day; null for a rolling one */
  to?: Maybe<Scalars['Date']['output']>;
  /** When it last changed (a view changes views and lastViewedAt only) */
  updatedAt: Scalars['DateTime']['output'];
  /** Its version in the changes feed. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
  /** How many times the report was opened */
  views: Scalars['Int']['output'];
};

/** A new share: a fixed period (from and to) or a rolling one (lastDays) */
export type ShareCreateInput = {
  /** When the link stops working: at most 90 days ahead */
  expiresAt: Scalars['DateTime']['input'];
  /** A fixed period: its first day (with to) */
  from?: InputMaybe<Scalars['Date']['input']>;
  /** What the share is for, shown to the owner and on the report */
  label: Scalars['String']['input'];
  /** Or a rolling period: the last N days up to the day it is opened */
  lastDays?: InputMaybe<Scalars['Int']['input']>;
  /** How many times the report may be opened */
  maxViews?: InputMaybe<Scalars['Int']['input']>;
  /** Asked before the report shows (kept as an argon2id hash) */
  password?: InputMaybe<Scalars['String']['input']>;
  /** What it shows */
  scope: ShareScopeInput;
  /** A fixed period: its last day (with from) */
  to?: InputMaybe<Scalars['Date']['input']>;
};

/** A new share and its secret, shown this once */
export type ShareCreated = {
  __typename?: 'ShareCreated';
  /** The share */
  share: Share;
  /** The link's secret: only its hash is kept */
  token: Scalars['String']['output'];
  /** The report, a path on this server: /s/{token} */
  url: Scalars['String']['output'];
};

/** What a share shows; free text and history only where switched on */
export type ShareScope = {
  __typename?: 'ShareScope';
  /** Category ids whose events are counted */
  categories: Array<Scalars['UUID']['output']>;
  /** Metric slugs whose goals' adherence and streaks are shown */
  goals: Array<Scalars['String']['output']>;
  /** The free-text captures' text */
  includeCaptures: Scalars['Boolean']['output'];
  /** Rank correlations among the scope's own series, marked exploratory with q-values and intervals */
  includeCorrelations: Scalars['Boolean']['output'];
  /** n-of-1 experiments' results, marked exploratory */
  includeExperiments: Scalars['Boolean']['output'];
  /** Place visits */
  includeLocations: Scalars['Boolean']['output'];
  /** The listed events' notes (encrypted ones never) */
  includeNotes: Scalars['Boolean']['output'];
  /** Metric slugs whose daily values, charts and statistics are shown */
  metrics: Array<Scalars['String']['output']>;
  /** Tags whose occurrences are counted and listed on a timeline */
  tags: Array<Scalars['String']['output']>;
};

/** What a share shows (each list empty and each switch off unless given) */
export type ShareScopeInput = {
  /** Category ids whose events are counted */
  categories?: InputMaybe<Array<Scalars['UUID']['input']>>;
  /** Metric slugs whose goals' adherence and streaks are shown */
  goals?: InputMaybe<Array<Scalars['String']['input']>>;
  /** The free-text captures' text */
  includeCaptures?: InputMaybe<Scalars['Boolean']['input']>;
  /** Rank correlations among the scope's own series, marked exploratory with q-values and intervals */
  includeCorrelations?: InputMaybe<Scalars['Boolean']['input']>;
  /** n-of-1 experiments' results, marked exploratory */
  includeExperiments?: InputMaybe<Scalars['Boolean']['input']>;
  /** Place visits */
  includeLocations?: InputMaybe<Scalars['Boolean']['input']>;
  /** The listed events' notes (encrypted ones never) */
  includeNotes?: InputMaybe<Scalars['Boolean']['input']>;
  /** Metric slugs whose daily values, charts and statistics are shown */
  metrics?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Tags whose occurrences are counted and listed on a timeline */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** Active, or why a share's link no longer opens */
export type ShareStatus =
  /** The link opens */
  | 'active'
  /** Past expiresAt */
  | 'expired'
  /** Revoked by the owner */
  | 'revoked'
  /** Opened maxViews times */
  | 'used_up';

/**
 * Live updates over WebSocket at /graphql (the graphql-ws protocol, subprotocol graphql-transport-ws):
 * authenticate with connectionParams { authorization: "Bearer <token>" } (any token of the user, read-only
 * ones too). Each subscription sees what is published after it starts, for the caller's own user only.
 * Queries and mutations stay on POST /graphql; over HTTP these fields answer BAD_REQUEST.
 */
export type Subscription = {
  __typename?: 'Subscription';
  /** The user's events as webhooks get them, in publication order; types: the ones wanted (omitted: every type except ping) */
  events: OutboundEvent;
  /** The inbox's pending count: now, then again after every change to the user's suggestions */
  inboxChanged: InboxChange;
};


/**
 * Live updates over WebSocket at /graphql (the graphql-ws protocol, subprotocol graphql-transport-ws):
 * authenticate with connectionParams { authorization: "Bearer <token>" } (any token of the user, read-only
 * ones too). Each subscription sees what is published after it starts, for the caller's own user only.
 * Queries and mutations stay on POST /graphql; over HTTP these fields answer BAD_REQUEST.
 */
export type SubscriptionEventsArgs = {
  types?: InputMaybe<Array<EventType>>;
};

/** A proposal in the inbox, awaiting accept or dismiss */
export type Suggestion = {
  __typename?: 'Suggestion';
  /** The log capture it was parsed from (source log_capture) */
  capture?: Maybe<LogCapture>;
  /** How sure the parser was, 0..1 */
  confidence?: Maybe<Scalars['Float']['output']>;
  /** When it was made */
  createdAt: Scalars['DateTime']['output'];
  /** When it was accepted or dismissed */
  decidedAt?: Maybe<Scalars['DateTime']['output']>;
  /** When it expires unless decided */
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
  /** The suggestion's id */
  id: Scalars['UUID']['output'];
  /** What it proposes */
  kind: SuggestionKind;
  /** When the proposed thing happened */
  occurredAt?: Maybe<Scalars['DateTime']['output']>;
  /** What would be created */
  payload: Scalars['JSONObject']['output'];
  /** Where it came from (capture text span, automation ...) */
  provenance: Scalars['JSONObject']['output'];
  /** The event accepting it created */
  resultingEvent?: Maybe<Event>;
  /** The place accepting a new_place suggestion created, or the place an accepted place_visit suggestion's visit is at */
  resultingPlace?: Maybe<Place>;
  /** The metric reading accepting a metric_reading suggestion created */
  resultingReading?: Maybe<MetricReading>;
  /** The visit accepting a place_visit suggestion created (null once deleted) */
  resultingVisit?: Maybe<PlaceVisit>;
  /** What produced it */
  source: SuggestionSource;
  /** Where it stands */
  status: SuggestionStatus;
  /** A sentence describing it */
  summary: Scalars['String']['output'];
  /** A short title */
  title: Scalars['String']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
  /** End of the time window it covers */
  windowEnd?: Maybe<Scalars['DateTime']['output']>;
  /** Start of the time window it covers */
  windowStart?: Maybe<Scalars['DateTime']['output']>;
};

/**
 * Payload fields to change before a suggestion is applied: the REST accept body, typed. Each kind
 * reads its own fields and ignores the rest: an event takes occurredAt, localDate, categoryId,
 * duration, booleanValue, scalarValue, notes, tags, metadata, encryptedPayload and savedMealId; a meal
 * takes occurredAt, categoryId, notes, tags, mealType, placeText and items; a metric reading takes
 * metricTypeSlug, value, unit and recordedAt; a place visit takes placeId, occurredAt, endedAt and
 * note. An omitted field keeps the suggested value; null clears a nullable one.
 */
export type SuggestionAcceptInput = {
  /** A yes/no value (event) */
  booleanValue?: InputMaybe<Scalars['Boolean']['input']>;
  /** One of the user's categories, or null for none (event, meal) */
  categoryId?: InputMaybe<Scalars['UUID']['input']>;
  /** ISO 8601 duration, e.g. PT30M (event) */
  duration?: InputMaybe<Scalars['String']['input']>;
  /** Client-side encrypted payload (event) */
  encryptedPayload?: InputMaybe<Scalars['String']['input']>;
  /** When the visit ended, after occurredAt, or null (place_visit) */
  endedAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** What was eaten, replacing the suggested items (meal) */
  items?: InputMaybe<Array<MealItemInput>>;
  /** Latitude of the new place (new_place) */
  lat?: InputMaybe<Scalars['Float']['input']>;
  /** Whether the user likes the new place (new_place) */
  liked?: InputMaybe<Scalars['Boolean']['input']>;
  /** Longitude of the new place (new_place) */
  lng?: InputMaybe<Scalars['Float']['input']>;
  /** The local day it counts for (event) */
  localDate?: InputMaybe<Scalars['Date']['input']>;
  /** breakfast, lunch, dinner, snack ... (meal) */
  mealType?: InputMaybe<Scalars['String']['input']>;
  /** Extra data, merged into the suggested metadata (event) */
  metadata?: InputMaybe<Scalars['JSONObject']['input']>;
  /** The metric, e.g. weight (metric reading) */
  metricTypeSlug?: InputMaybe<Scalars['String']['input']>;
  /** The new place's name (new_place, which also takes lat, lng, radiusM, tags, notes, liked and rating; default: named after its position) */
  name?: InputMaybe<Scalars['String']['input']>;
  /** The visit's note, up to 2000 characters, or null (place_visit) */
  note?: InputMaybe<Scalars['String']['input']>;
  /** Free text (event, meal; a meal without notes describes itself) */
  notes?: InputMaybe<Scalars['String']['input']>;
  /** When it happened (event, meal, place visit), with a timezone */
  occurredAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** One of the user's places, instead of the suggested one (place_visit) */
  placeId?: InputMaybe<Scalars['UUID']['input']>;
  /** Where it was eaten, as text (meal) */
  placeText?: InputMaybe<Scalars['String']['input']>;
  /** Radius in metres of the new place (new_place) */
  radiusM?: InputMaybe<Scalars['Float']['input']>;
  /** A rating from 0 to 5 of the new place (new_place) */
  rating?: InputMaybe<Scalars['Float']['input']>;
  /** When it was measured (metric reading) */
  recordedAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** A saved meal the event logs (event) */
  savedMealId?: InputMaybe<Scalars['UUID']['input']>;
  /** A numeric value (event) */
  scalarValue?: InputMaybe<Scalars['Float']['input']>;
  /** Tags (event, meal) */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  /** The value's unit; without it a new value is read in the suggested unit (metric reading) */
  unit?: InputMaybe<Scalars['String']['input']>;
  /** The value, read in unit (metric reading) */
  value?: InputMaybe<Scalars['Float']['input']>;
};

/** What a suggestion proposes */
export type SuggestionKind =
  | 'event'
  | 'meal'
  | 'metric_reading'
  | 'new_place'
  | 'place_visit';

/** A page of the inbox */
export type SuggestionPage = {
  __typename?: 'SuggestionPage';
  /** This page, newest first */
  items: Array<Suggestion>;
  /** Where the page ends: pass endCursor as after (instead of offset) for the next page */
  pageInfo: PageInfo;
  /** Pending suggestions in all (the inbox badge), whatever the page */
  pendingCount: Scalars['Int']['output'];
};

/** What produced a suggestion */
export type SuggestionSource =
  | 'automation'
  | 'calendar'
  | 'location'
  | 'log_capture';

/** Where a suggestion stands */
export type SuggestionStatus =
  /** Accepted: what it proposed was created */
  | 'accepted'
  /** Dismissed by the user */
  | 'dismissed'
  /** Not decided before expiresAt */
  | 'expired'
  /** In the inbox, awaiting a decision */
  | 'pending';

/** When in the day a routine is meant to be done */
export type TimeOfDay =
  /** In the afternoon */
  | 'afternoon'
  /** At any time */
  | 'anytime'
  /** In the evening */
  | 'evening'
  /** In the morning */
  | 'morning'
  /** At night */
  | 'night';

/** A running timer; stopping it logs an event and removes it */
export type TrackingTimer = {
  __typename?: 'TrackingTimer';
  /** Its category, if any */
  category?: Maybe<Category>;
  /** When it was stored */
  createdAt: Scalars['DateTime']['output'];
  /** The timer's id (the clientId of the event its stop logs) */
  id: Scalars['UUID']['output'];
  /** What is being timed, if labelled */
  label?: Maybe<Scalars['String']['output']>;
  /** When it started */
  startedAt: Scalars['DateTime']['output'];
  /** When it last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** Its version in the changes feed (REST's ETag): pass it as expectedVersion to update only this version. Null before its first change is numbered */
  version?: Maybe<Scalars['Int']['output']>;
};

/** A new timer; categoryId, label or both are required */
export type TrackingTimerStartInput = {
  /** One of the user's categories */
  categoryId?: InputMaybe<Scalars['UUID']['input']>;
  /** What is being timed, 1 to 200 characters */
  label?: InputMaybe<Scalars['String']['input']>;
  /** When it started (default now; at most a minute ahead of the server clock), with a timezone */
  startedAt?: InputMaybe<Scalars['DateTime']['input']>;
};

/** How a timer stops; every field is optional */
export type TrackingTimerStopInput = {
  /** When it ended (default now; not before the start), with a timezone */
  endedAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** The event's notes (default the timer's label; null for none), up to 10,000 characters */
  notes?: InputMaybe<Scalars['String']['input']>;
  /** The event's tags; trimmed, lower-cased, a leading # dropped */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};

/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type User = {
  __typename?: 'User';
  /** One calendar event by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  calendarEvent?: Maybe<CalendarEvent>;
  /** Calendar events from the feeds, by startsAt; from (inclusive) and to (exclusive) bound startsAt and take a date-time or a date (00:00Z of it); cancelled ones only with includeCancelled */
  calendarEvents?: Maybe<Array<CalendarEvent>>;
  /** Calendar events by cursor, by start: pass pageInfo.endCursor as after for the next page */
  calendarEventsPage?: Maybe<CalendarEventPage>;
  /** Categories, by name */
  categories?: Maybe<Array<Category>>;
  /**
   * What changed since a cursor, oldest first (REST: GET /users/{user_id}/changes): each resource once, at its
   * newest version, deletions as tombstones kept CHANGES_RETENTION_DAYS. Without since, from the beginning of
   * retained history. A cursor older than that is RESYNC_REQUIRED; a malformed one or another user's is BAD_USER_INPUT
   */
  changes: ChangesPage;
  /** One local day: every metric resolved across its sources, the day's events by tag and category, and goal progress */
  day?: Maybe<DaySummary>;
  /** Day summaries from..to (inclusive, at most 366 days), oldest first */
  days?: Maybe<Array<DaySummary>>;
  /**
   * The wrapped data key and its KDF parameters, or null until one is stored. REST answers 404 there;
   * here a missing key is an answer rather than an error, so a query asking for more than the key still succeeds
   */
  encryptionKey?: Maybe<EncryptionKey>;
  /** Baseline-deviation episodes of the window ending on endDate (default: local today) */
  episodes?: Maybe<Episodes>;
  /** One event by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  event?: Maybe<Event>;
  /** One event source by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  eventSource?: Maybe<DataSource>;
  /** Where data comes from: one default source per kind, in the order of EventSourceKind */
  eventSources?: Maybe<Array<DataSource>>;
  /** Events, newest first; from/to take a date (local day, inclusive) or a date-time (to is exclusive) */
  events?: Maybe<Array<Event>>;
  /** Events by cursor, newest first: pass pageInfo.endCursor as after for the next page */
  eventsPage?: Maybe<EventPage>;
  /** One experiment by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  experiment?: Maybe<Experiment>;
  /** Every experiment, newest first, each with its schedule, adherence and results computed now */
  experiments?: Maybe<Array<Experiment>>;
  /** One food item by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  foodItem?: Maybe<FoodItem>;
  /** Food items: q searches name, brand and place (substring, any case); without q the recent items. Most used first, ties by recency */
  foodItems?: Maybe<Array<FoodItem>>;
  /** Each period of from..to (default: the last twelve) of a set goal, oldest first (NOT_FOUND when no goal is set) */
  goalHistory?: Maybe<Array<GoalPeriodResult>>;
  /** The days a goal is set aside, oldest first */
  goalSkips?: Maybe<Array<Scalars['Date']['output']>>;
  /** Every goalable metric in catalogue order, with its goal when set */
  goals?: Maybe<Array<Goal>>;
  /** The user's id */
  id: Scalars['UUID']['output'];
  /** One import by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  import?: Maybe<Import>;
  /** The user's imports, newest first (REST: GET /users/{id}/imports; files are uploaded over REST only) */
  imports: Array<Import>;
  /** The graph centred on one daily summary column (a metric slug, a summary field, tag:<tag>, category:<id|name>) */
  insightGraph?: Maybe<InsightGraph>;
  /** Manual and detected visits together, newest first; from/to take a date (local day, inclusive) or a date-time (to is exclusive) */
  locationHistory?: Maybe<Array<PlaceVisit>>;
  /** The location history by cursor, newest first: pass pageInfo.endCursor as after for the next page */
  locationHistoryPage?: Maybe<PlaceVisitPage>;
  /** One log capture by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  logCapture?: Maybe<LogCapture>;
  /** Log captures, newest first, optionally only those of one status */
  logCaptures?: Maybe<Array<LogCapture>>;
  /** Captures by cursor, newest first: pass pageInfo.endCursor as after for the next page */
  logCapturesPage?: Maybe<LogCapturePage>;
  /** One metric definition by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  metricDefinition?: Maybe<MetricDefinition>;
  /** One definition per metric type, in catalogue order */
  metricDefinitions?: Maybe<Array<MetricDefinition>>;
  /** The metric catalogue: slugs, canonical units, daily aggregation and accepted input units (the same for every user) */
  metricTypes?: Maybe<Array<MetricType>>;
  /** One stored narrative by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  narrative?: Maybe<Narrative>;
  /** A week's facts as compact text (daily values, goals met, episodes, strongest graph links), to write its narrative from */
  narrativeDigest: NarrativeDigest;
  /** Stored weekly narratives, most recent week first */
  narratives?: Maybe<Array<Narrative>>;
  /** Narratives by cursor, most recent week first: pass pageInfo.endCursor as after for the next page */
  narrativesPage?: Maybe<NarrativePage>;
  /** One place by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  place?: Maybe<Place>;
  /** A place's visits, newest first (NOT_FOUND for an unknown place) */
  placeVisits?: Maybe<Array<PlaceVisit>>;
  /** A place's visits by cursor, newest first: pass pageInfo.endCursor as after for the next page */
  placeVisitsPage?: Maybe<PlaceVisitPage>;
  /** Places, newest first, each with its visit count and last visit */
  places?: Maybe<Array<Place>>;
  /** Email, timezone, capture language and two-factor status */
  profile: Profile;
  /** The user's browsers that take push notifications, oldest first; never an endpoint (a capability) or keys */
  pushSubscriptions: Array<PushSubscription>;
  /** Readings, newest first; from/to take a date (local day, inclusive) or a date-time (to is exclusive) */
  readings?: Maybe<Array<MetricReading>>;
  /** Readings by cursor, newest first: pass pageInfo.endCursor as after for the next page (each page costs what the first does) */
  readingsPage?: Maybe<MetricReadingPage>;
  /** One reminder by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  reminder?: Maybe<Reminder>;
  /** What became of each due time of a reminder, latest first; older ones with before = the last dueAt */
  reminderHistory?: Maybe<Array<ReminderFiring>>;
  /**
   * A reminder's next due times after `from` (default now) as the scheduler will find them: a time the clocks skip goes
   * out once, right after the gap; a time that repeats goes out once, the first time
   */
  reminderUpcoming?: Maybe<Array<ReminderOccurrence>>;
  /** Every reminder, oldest first, with when it next falls due */
  reminders?: Maybe<Array<Reminder>>;
  /** Key material the user replaced, most recently replaced first: payloads encrypted under it stay readable */
  replacedEncryptionKeys?: Maybe<Array<ReplacedEncryptionKey>>;
  /** One routine by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  routine?: Maybe<Routine>;
  /** Every routine, by displayOrder, then name */
  routines?: Maybe<Array<Routine>>;
  /** One saved meal by id (NOT_FOUND when the user has none with that id) */
  savedMeal?: Maybe<SavedMeal>;
  /** Saved meals, most used first, then newest */
  savedMeals?: Maybe<Array<SavedMeal>>;
  /** One share by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  share?: Maybe<Share>;
  /** Every share link, newest first, with its status, views and last view; never its token */
  shares?: Maybe<Array<Share>>;
  /** One suggestion by id, whatever its status (NOT_FOUND when the user has none with that id, as REST's 404) */
  suggestion?: Maybe<Suggestion>;
  /** The inbox, newest first (default: pending) */
  suggestions?: Maybe<SuggestionPage>;
  /** How often a tag was logged each day, as a calendar heatmap's URL (a path on this server) */
  tagChart: Scalars['String']['output'];
  /** One running timer by id (NOT_FOUND when the user has none with that id, as REST's 404; a stopped or discarded timer is gone) */
  trackingTimer?: Maybe<TrackingTimer>;
  /** Running timers, most recently started first */
  trackingTimers?: Maybe<Array<TrackingTimer>>;
  /**
   * The server's VAPID public key (base64url): a page passes it to pushManager.subscribe() as applicationServerKey and
   * registers the subscription it gets with registerPushSubscription. The same key every time
   */
  webPushKey: Scalars['String']['output'];
  /** One webhook by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  webhook?: Maybe<Webhook>;
  /** A webhook's deliveries, newest first, each with its tries */
  webhookDeliveries: WebhookDeliveryPage;
  /** Every webhook, oldest first (secrets are never shown again) */
  webhooks?: Maybe<Array<Webhook>>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserCalendarEventArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserCalendarEventsArgs = {
  from?: InputMaybe<Scalars['String']['input']>;
  includeCancelled?: InputMaybe<Scalars['Boolean']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserCalendarEventsPageArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  from?: InputMaybe<Scalars['String']['input']>;
  includeCancelled?: InputMaybe<Scalars['Boolean']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserChangesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  since?: InputMaybe<Scalars['String']['input']>;
  types?: InputMaybe<Array<ChangeType>>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserDayArgs = {
  date: Scalars['Date']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserDaysArgs = {
  from: Scalars['Date']['input'];
  to: Scalars['Date']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserEpisodesArgs = {
  endDate?: InputMaybe<Scalars['Date']['input']>;
  windowDays?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserEventArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserEventSourceArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserEventSourcesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserEventsArgs = {
  categoryId?: InputMaybe<Scalars['UUID']['input']>;
  from?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  tag?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserEventsPageArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  categoryId?: InputMaybe<Scalars['UUID']['input']>;
  from?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  tag?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserExperimentArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserFoodItemArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserFoodItemsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserGoalHistoryArgs = {
  from?: InputMaybe<Scalars['Date']['input']>;
  slug: Scalars['String']['input'];
  to?: InputMaybe<Scalars['Date']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserGoalSkipsArgs = {
  slug: Scalars['String']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserImportArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserImportsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserInsightGraphArgs = {
  endDate?: InputMaybe<Scalars['Date']['input']>;
  metric: Scalars['String']['input'];
  mode?: InputMaybe<GraphMode>;
  windowDays?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserLocationHistoryArgs = {
  from?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserLocationHistoryPageArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  from?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserLogCaptureArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserLogCapturesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<LogCaptureStatus>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserLogCapturesPageArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<LogCaptureStatus>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserMetricDefinitionArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserMetricDefinitionsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserNarrativeArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserNarrativeDigestArgs = {
  week?: InputMaybe<Scalars['Date']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserNarrativesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserNarrativesPageArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserPlaceArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserPlaceVisitsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  placeId: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserPlaceVisitsPageArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  placeId: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserPlacesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserReadingsArgs = {
  from?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  metric?: InputMaybe<Scalars['String']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  source?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserReadingsPageArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  from?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  metric?: InputMaybe<Scalars['String']['input']>;
  source?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserReminderArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserReminderHistoryArgs = {
  before?: InputMaybe<Scalars['DateTime']['input']>;
  id: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserReminderUpcomingArgs = {
  from?: InputMaybe<Scalars['DateTime']['input']>;
  id: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserReplacedEncryptionKeysArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserRoutineArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserSavedMealArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserSavedMealsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserShareArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserSuggestionArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserSuggestionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<SuggestionStatus>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserTagChartArgs = {
  from?: InputMaybe<Scalars['Date']['input']>;
  tag: Scalars['String']['input'];
  to?: InputMaybe<Scalars['Date']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserTrackingTimerArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserTrackingTimersArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserWebhookArgs = {
  id: Scalars['UUID']['input'];
};


/**
 * One person's tracking data: every resource is a field. Each area's field is nullable, so a failure in one
 * (a mistyped metric, a bad range) is null with its error at that path, and the other fields of the query still arrive.
 */
export type UserWebhookDeliveriesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<WebhookDeliveryStatus>;
  webhookId: Scalars['UUID']['input'];
};

/** How a visit was recorded */
export type VisitSource =
  /** Found by stay detection in the location samples */
  | 'detected'
  /** Recognised by the app a location history was imported from (Google Timeline's visits) */
  | 'import'
  /** Logged by the user */
  | 'manual'
  /** Made by accepting a suggestion */
  | 'suggestion';

/** A URL the user's events are posted to */
export type Webhook = {
  __typename?: 'Webhook';
  /** When it was created */
  createdAt: Scalars['DateTime']['output'];
  /** The user's note */
  description?: Maybe<Scalars['String']['output']>;
  /** Why the service turned it off (every delivery failed for 3 days); cleared by enabling it */
  disabledReason?: Maybe<Scalars['String']['output']>;
  /** Whether events are sent */
  enabled: Scalars['Boolean']['output'];
  /** The event types sent; null: every type */
  events?: Maybe<Array<EventType>>;
  /** Since when every delivery has failed; null after a success */
  failingSince?: Maybe<Scalars['DateTime']['output']>;
  /** How the requests look */
  format: WebhookFormat;
  /** The webhook's id */
  id: Scalars['UUID']['output'];
  /** After a rotation, until when the previous secret also signs */
  previousSecretExpiresAt?: Maybe<Scalars['DateTime']['output']>;
  /** When it last changed */
  updatedAt: Scalars['DateTime']['output'];
  /** Where events are posted */
  url: Scalars['String']['output'];
};

/** A new webhook */
export type WebhookCreateInput = {
  /** A note, up to 500 characters */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Whether events are sent (default true) */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** The event types to send (default: every type) */
  events?: InputMaybe<Array<EventType>>;
  /** How the requests look (default standard) */
  format?: InputMaybe<WebhookFormat>;
  /** An https URL (plain http only where WEBHOOK_NETWORKS=any) */
  url: Scalars['String']['input'];
};

/** An event on its way to one webhook */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  /** The tries, latest first (the last 50) */
  attemptLog: Array<WebhookDeliveryAttempt>;
  /** Tries so far */
  attempts: Scalars['Int']['output'];
  /** When it ended */
  completedAt?: Maybe<Scalars['DateTime']['output']>;
  /** When it was created */
  createdAt: Scalars['DateTime']['output'];
  /** The event's id: the webhook-id header of every try */
  eventId: Scalars['UUID']['output'];
  /** The event's type */
  eventType: EventType;
  /** The delivery's id */
  id: Scalars['UUID']['output'];
  /** The last try's duration, in milliseconds */
  lastDurationMs?: Maybe<Scalars['Int']['output']>;
  /** The last try's error */
  lastError?: Maybe<Scalars['String']['output']>;
  /** The last try's HTTP status */
  lastResponseCode?: Maybe<Scalars['Int']['output']>;
  /** When the next try is due; null once it has ended */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** Where it stands */
  status: WebhookDeliveryStatus;
  /** The webhook it goes to */
  webhookId: Scalars['UUID']['output'];
};

/** One try at posting */
export type WebhookDeliveryAttempt = {
  __typename?: 'WebhookDeliveryAttempt';
  /** When it was made */
  at: Scalars['DateTime']['output'];
  /** How long it took, in milliseconds */
  durationMs: Scalars['Int']['output'];
  /** What went wrong; null for a 2xx */
  error?: Maybe<Scalars['String']['output']>;
  /** The receiver's HTTP status; null when there was no answer */
  responseCode?: Maybe<Scalars['Int']['output']>;
};

/** A page of deliveries */
export type WebhookDeliveryPage = {
  __typename?: 'WebhookDeliveryPage';
  /** Newest first */
  items: Array<WebhookDelivery>;
  /** How many there are in all (with the status filter) */
  total: Scalars['Int']['output'];
};

/** Where a delivery stands */
export type WebhookDeliveryStatus =
  /** Given up: an answer not worth retrying, a day of failures, the webhook was disabled, or not sent at all past the pending limits (lastError says) */
  | 'failed'
  /** Not delivered yet: being tried, or due again (nextAttemptAt) */
  | 'pending'
  /** The receiver answered 2xx */
  | 'succeeded';

/** How a webhook's requests look */
export type WebhookFormat =
  /** A plain-text message with a Title header, for an ntfy topic URL (signed the same way) */
  | 'ntfy'
  /** A JSON body {id, type, timestamp, user_id, data}, signed as Standard Webhooks say */
  | 'standard';

/** Webhook changes; omitted fields stay */
export type WebhookUpdateInput = {
  /** A note, or null */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Turn sending on or off */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** The event types to send; null: every type */
  events?: InputMaybe<Array<EventType>>;
  /** A new format */
  format?: InputMaybe<WebhookFormat>;
  /** A new URL */
  url?: InputMaybe<Scalars['String']['input']>;
};

/** A webhook with its signing secret: shown only when created or rotated */
export type WebhookWithSecret = {
  __typename?: 'WebhookWithSecret';
  /** The signing secret (whsec_…): keep it to verify deliveries */
  secret: Scalars['String']['output'];
  /** The webhook */
  webhook: Webhook;
};

/** A day of the week */
export type Weekday =
  /** Friday */
  | 'friday'
  /** Monday */
  | 'monday'
  /** Saturday */
  | 'saturday'
  /** Sunday */
  | 'sunday'
  /** Thursday */
  | 'thursday'
  /** Tuesday */
  | 'tuesday'
  /** Wednesday */
  | 'wednesday';



export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  AutomationActionType: AutomationActionType;
  AutomationCreateInput: AutomationCreateInput;
  AutomationTriggerType: AutomationTriggerType;
  AutomationUpdateInput: AutomationUpdateInput;
  BarcodeLookupInput: BarcodeLookupInput;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  CalendarEvent: ResolverTypeWrapper<CalendarEventModel>;
  CalendarEventPage: ResolverTypeWrapper<CalendarEventPageParentModel>;
  CalendarEventStatus: CalendarEventStatus;
  CaptureLanguage: CaptureLanguage;
  Category: ResolverTypeWrapper<CategoryModel>;
  CategoryCreateInput: CategoryCreateInput;
  CategoryUpdateInput: CategoryUpdateInput;
  Change: ResolverTypeWrapper<ChangeParentModel>;
  ChangeOp: ChangeOp;
  ChangeType: ChangeType;
  ChangesPage: ResolverTypeWrapper<ChangesPageParentModel>;
  Confidence: Confidence;
  CsvImportInput: CsvImportInput;
  CsvImportResult: ResolverTypeWrapper<CsvImportOutcomeModel>;
  DataSource: ResolverTypeWrapper<EventSourceRowModel>;
  Date: ResolverTypeWrapper<Scalars['Date']['output']>;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  DayFactor: ResolverTypeWrapper<DayFactorModel>;
  DayMetric: ResolverTypeWrapper<DayMetricModel>;
  DayMetricSource: ResolverTypeWrapper<DayMetricSourceModel>;
  DaySummary: ResolverTypeWrapper<DaySummaryModel>;
  EdgeDirection: EdgeDirection;
  EncryptionKey: ResolverTypeWrapper<EncryptionKeyModel>;
  EncryptionKeyPutInput: EncryptionKeyPutInput;
  EpisodeCard: ResolverTypeWrapper<EpisodeCardModel>;
  EpisodeDirection: EpisodeDirection;
  Episodes: ResolverTypeWrapper<EpisodesModel>;
  Erasure: ResolverTypeWrapper<ErasureModel>;
  ErasureInput: ErasureInput;
  Event: ResolverTypeWrapper<EventModel>;
  EventCreateInput: EventCreateInput;
  EventPage: ResolverTypeWrapper<EventPageParentModel>;
  EventSource: EventSource;
  EventSourceCreateInput: EventSourceCreateInput;
  EventSourceKind: EventSourceKind;
  EventSourceSyncStatus: EventSourceSyncStatus;
  EventSourceUpdateInput: EventSourceUpdateInput;
  EventType: EventType;
  EventUpdateInput: EventUpdateInput;
  Experiment: ResolverTypeWrapper<ExperimentReportModel>;
  ExperimentAdherence: ResolverTypeWrapper<AdherenceModel>;
  ExperimentArm: ExperimentArm;
  ExperimentBetter: ExperimentBetter;
  ExperimentBlock: ResolverTypeWrapper<PlanBlockModel>;
  ExperimentCreateInput: ExperimentCreateInput;
  ExperimentDay: ResolverTypeWrapper<ExperimentDayModel>;
  ExperimentDesign: ExperimentDesign;
  ExperimentResults: ResolverTypeWrapper<ResultsModel>;
  ExperimentStatus: ExperimentStatus;
  ExperimentUpdateInput: ExperimentUpdateInput;
  ExperimentVerdict: ExperimentVerdict;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  FoodItem: ResolverTypeWrapper<FoodItemModel>;
  FoodItemCreateInput: FoodItemCreateInput;
  FoodItemUpdateInput: FoodItemUpdateInput;
  FoodSource: FoodSource;
  Goal: ResolverTypeWrapper<GoalMetricModel>;
  GoalDirection: GoalDirection;
  GoalInput: GoalInput;
  GoalOutcome: GoalOutcome;
  GoalPeriod: GoalPeriod;
  GoalPeriodResult: ResolverTypeWrapper<PeriodResultModel>;
  GoalProgress: ResolverTypeWrapper<GoalProgressModel>;
  GoalSkipsInput: GoalSkipsInput;
  GraphMode: GraphMode;
  Import: ResolverTypeWrapper<ImportJobModel>;
  ImportCounts: ResolverTypeWrapper<ImportCountsModel>;
  ImportReason: ResolverTypeWrapper<ImportReason>;
  ImportStatus: ImportStatus;
  InboxChange: ResolverTypeWrapper<InboxChangeModel>;
  InsightCenter: ResolverTypeWrapper<InsightCenterModel>;
  InsightEdge: ResolverTypeWrapper<InsightEdgeModel>;
  InsightGraph: ResolverTypeWrapper<InsightGraphModel>;
  InsightKind: InsightKind;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  JSONObject: ResolverTypeWrapper<Scalars['JSONObject']['output']>;
  LocationBatchInput: LocationBatchInput;
  LocationBatchResult: ResolverTypeWrapper<LocationBatchResultModel>;
  LocationSampleInput: LocationSampleInput;
  LogCapture: ResolverTypeWrapper<LogCaptureModel>;
  LogCaptureCreateInput: LogCaptureCreateInput;
  LogCapturePage: ResolverTypeWrapper<LogCapturePageParentModel>;
  LogCaptureStatus: LogCaptureStatus;
  MealItem: ResolverTypeWrapper<MealItemModel>;
  MealItemInput: MealItemInput;
  MealTotalsSource: MealTotalsSource;
  MetricAggregation: MetricAggregation;
  MetricAutomation: ResolverTypeWrapper<MetricAutomationModel>;
  MetricCategory: MetricCategory;
  MetricCharts: ResolverTypeWrapper<MetricCharts>;
  MetricDefinition: ResolverTypeWrapper<DefinitionModel>;
  MetricDefinitionUpdateInput: MetricDefinitionUpdateInput;
  MetricReading: ResolverTypeWrapper<ReadingModel>;
  MetricReadingPage: ResolverTypeWrapper<MetricReadingPageParentModel>;
  MetricSource: ResolverTypeWrapper<RankedSourceModel>;
  MetricSourceInput: MetricSourceInput;
  MetricType: ResolverTypeWrapper<MetricTypeModel>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Narrative: ResolverTypeWrapper<NarrativeModel>;
  NarrativeDigest: ResolverTypeWrapper<NarrativeDigestModel>;
  NarrativeInput: NarrativeInput;
  NarrativePage: ResolverTypeWrapper<NarrativePageParentModel>;
  NarrativePeriodType: NarrativePeriodType;
  NutrientName: NutrientName;
  Nutrition: ResolverTypeWrapper<NutritionModel>;
  NutritionInput: NutritionInput;
  OutboundEvent: ResolverTypeWrapper<OutboundEventModel>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  Place: ResolverTypeWrapper<PlaceRecordModel>;
  PlaceCreateInput: PlaceCreateInput;
  PlaceSource: PlaceSource;
  PlaceUpdateInput: PlaceUpdateInput;
  PlaceVisit: ResolverTypeWrapper<VisitRecordModel>;
  PlaceVisitCreateInput: PlaceVisitCreateInput;
  PlaceVisitPage: ResolverTypeWrapper<PlaceVisitPageParentModel>;
  Profile: ResolverTypeWrapper<ProfileModel>;
  ProfileUpdateInput: ProfileUpdateInput;
  PushOutcome: ResolverTypeWrapper<PushOutcomeModel>;
  PushSubscription: ResolverTypeWrapper<PushSubscriptionModel>;
  PushSubscriptionInput: PushSubscriptionInput;
  PushSubscriptionKeysInput: PushSubscriptionKeysInput;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  QuietWindow: ResolverTypeWrapper<QuietWindow>;
  QuietWindowInput: QuietWindowInput;
  ReadingBatchInput: ReadingBatchInput;
  ReadingBatchResult: ResolverTypeWrapper<IngestResultModel>;
  ReadingInput: ReadingInput;
  Reminder: ResolverTypeWrapper<ReminderModel>;
  ReminderAction: ReminderAction;
  ReminderActionLinks: ResolverTypeWrapper<ReminderActionLinks>;
  ReminderChannel: ReminderChannel;
  ReminderCondition: ReminderCondition;
  ReminderCreateInput: ReminderCreateInput;
  ReminderFiring: ResolverTypeWrapper<FiringModel>;
  ReminderFiringStatus: ReminderFiringStatus;
  ReminderOccurrence: ResolverTypeWrapper<OccurrenceModel>;
  ReminderPushResult: ResolverTypeWrapper<PushResultModel>;
  ReminderTarget: ResolverTypeWrapper<ReminderTarget>;
  ReminderTargetInput: ReminderTargetInput;
  ReminderTargetKind: ReminderTargetKind;
  ReminderUpdateInput: ReminderUpdateInput;
  ReplacedEncryptionKey: ResolverTypeWrapper<ReplacedEncryptionKeyModel>;
  ResolutionOperator: ResolutionOperator;
  Routine: ResolverTypeWrapper<RoutineModel>;
  RoutineCompletionInput: RoutineCompletionInput;
  RoutineCreateInput: RoutineCreateInput;
  RoutineUpdateInput: RoutineUpdateInput;
  SavedMeal: ResolverTypeWrapper<SavedMealModel>;
  SavedMealCreateInput: SavedMealCreateInput;
  SavedMealItemInput: SavedMealItemInput;
  SavedMealUpdateInput: SavedMealUpdateInput;
  Share: ResolverTypeWrapper<ShareModel>;
  ShareCreateInput: ShareCreateInput;
  ShareCreated: ResolverTypeWrapper<CreatedShareModel>;
  ShareScope: ResolverTypeWrapper<ShareScopeModel>;
  ShareScopeInput: ShareScopeInput;
  ShareStatus: ShareStatus;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Suggestion: ResolverTypeWrapper<SuggestionModel>;
  SuggestionAcceptInput: SuggestionAcceptInput;
  SuggestionKind: SuggestionKind;
  SuggestionPage: ResolverTypeWrapper<SuggestionPageModel>;
  SuggestionSource: SuggestionSource;
  SuggestionStatus: SuggestionStatus;
  TimeOfDay: TimeOfDay;
  TrackingTimer: ResolverTypeWrapper<TrackingTimerModel>;
  TrackingTimerStartInput: TrackingTimerStartInput;
  TrackingTimerStopInput: TrackingTimerStopInput;
  UUID: ResolverTypeWrapper<Scalars['UUID']['output']>;
  User: ResolverTypeWrapper<UserParentModel>;
  VisitSource: VisitSource;
  Webhook: ResolverTypeWrapper<WebhookModel>;
  WebhookCreateInput: WebhookCreateInput;
  WebhookDelivery: ResolverTypeWrapper<DeliveryModel>;
  WebhookDeliveryAttempt: ResolverTypeWrapper<DeliveryAttemptModel>;
  WebhookDeliveryPage: ResolverTypeWrapper<DeliveryPageModel>;
  WebhookDeliveryStatus: WebhookDeliveryStatus;
  WebhookFormat: WebhookFormat;
  WebhookUpdateInput: WebhookUpdateInput;
  WebhookWithSecret: ResolverTypeWrapper<WebhookWithSecretModel>;
  Weekday: Weekday;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  AutomationCreateInput: AutomationCreateInput;
  AutomationUpdateInput: AutomationUpdateInput;
  BarcodeLookupInput: BarcodeLookupInput;
  Boolean: Scalars['Boolean']['output'];
  CalendarEvent: CalendarEventModel;
  CalendarEventPage: CalendarEventPageParentModel;
  Category: CategoryModel;
  CategoryCreateInput: CategoryCreateInput;
  CategoryUpdateInput: CategoryUpdateInput;
  Change: ChangeParentModel;
  ChangesPage: ChangesPageParentModel;
  CsvImportInput: CsvImportInput;
  CsvImportResult: CsvImportOutcomeModel;
  DataSource: EventSourceRowModel;
  Date: Scalars['Date']['output'];
  DateTime: Scalars['DateTime']['output'];
  DayFactor: DayFactorModel;
  DayMetric: DayMetricModel;
  DayMetricSource: DayMetricSourceModel;
  DaySummary: DaySummaryModel;
  EncryptionKey: EncryptionKeyModel;
  EncryptionKeyPutInput: EncryptionKeyPutInput;
  EpisodeCard: EpisodeCardModel;
  Episodes: EpisodesModel;
  Erasure: ErasureModel;
  ErasureInput: ErasureInput;
  Event: EventModel;
  EventCreateInput: EventCreateInput;
  EventPage: EventPageParentModel;
  EventSourceCreateInput: EventSourceCreateInput;
  EventSourceUpdateInput: EventSourceUpdateInput;
  EventUpdateInput: EventUpdateInput;
  Experiment: ExperimentReportModel;
  ExperimentAdherence: AdherenceModel;
  ExperimentBlock: PlanBlockModel;
  ExperimentCreateInput: ExperimentCreateInput;
  ExperimentDay: ExperimentDayModel;
  ExperimentResults: ResultsModel;
  ExperimentUpdateInput: ExperimentUpdateInput;
  Float: Scalars['Float']['output'];
  FoodItem: FoodItemModel;
  FoodItemCreateInput: FoodItemCreateInput;
  FoodItemUpdateInput: FoodItemUpdateInput;
  Goal: GoalMetricModel;
  GoalInput: GoalInput;
  GoalPeriodResult: PeriodResultModel;
  GoalProgress: GoalProgressModel;
  GoalSkipsInput: GoalSkipsInput;
  Import: ImportJobModel;
  ImportCounts: ImportCountsModel;
  ImportReason: ImportReason;
  InboxChange: InboxChangeModel;
  InsightCenter: InsightCenterModel;
  InsightEdge: InsightEdgeModel;
  InsightGraph: InsightGraphModel;
  Int: Scalars['Int']['output'];
  JSONObject: Scalars['JSONObject']['output'];
  LocationBatchInput: LocationBatchInput;
  LocationBatchResult: LocationBatchResultModel;
  LocationSampleInput: LocationSampleInput;
  LogCapture: LogCaptureModel;
  LogCaptureCreateInput: LogCaptureCreateInput;
  LogCapturePage: LogCapturePageParentModel;
  MealItem: MealItemModel;
  MealItemInput: MealItemInput;
  MetricAutomation: MetricAutomationModel;
  MetricCharts: MetricCharts;
  MetricDefinition: DefinitionModel;
  MetricDefinitionUpdateInput: MetricDefinitionUpdateInput;
  MetricReading: ReadingModel;
  MetricReadingPage: MetricReadingPageParentModel;
  MetricSource: RankedSourceModel;
  MetricSourceInput: MetricSourceInput;
  MetricType: MetricTypeModel;
  Mutation: Record<PropertyKey, never>;
  Narrative: NarrativeModel;
  NarrativeDigest: NarrativeDigestModel;
  NarrativeInput: NarrativeInput;
  NarrativePage: NarrativePageParentModel;
  Nutrition: NutritionModel;
  NutritionInput: NutritionInput;
  OutboundEvent: OutboundEventModel;
  PageInfo: PageInfo;
  Place: PlaceRecordModel;
  PlaceCreateInput: PlaceCreateInput;
  PlaceUpdateInput: PlaceUpdateInput;
  PlaceVisit: VisitRecordModel;
  PlaceVisitCreateInput: PlaceVisitCreateInput;
  PlaceVisitPage: PlaceVisitPageParentModel;
  Profile: ProfileModel;
  ProfileUpdateInput: ProfileUpdateInput;
  PushOutcome: PushOutcomeModel;
  PushSubscription: PushSubscriptionModel;
  PushSubscriptionInput: PushSubscriptionInput;
  PushSubscriptionKeysInput: PushSubscriptionKeysInput;
  Query: Record<PropertyKey, never>;
  QuietWindow: QuietWindow;
  QuietWindowInput: QuietWindowInput;
  ReadingBatchInput: ReadingBatchInput;
  ReadingBatchResult: IngestResultModel;
  ReadingInput: ReadingInput;
  Reminder: ReminderModel;
  ReminderActionLinks: ReminderActionLinks;
  ReminderCreateInput: ReminderCreateInput;
  ReminderFiring: FiringModel;
  ReminderOccurrence: OccurrenceModel;
  ReminderPushResult: PushResultModel;
  ReminderTarget: ReminderTarget;
  ReminderTargetInput: ReminderTargetInput;
  ReminderUpdateInput: ReminderUpdateInput;
  ReplacedEncryptionKey: ReplacedEncryptionKeyModel;
  Routine: RoutineModel;
  RoutineCompletionInput: RoutineCompletionInput;
  RoutineCreateInput: RoutineCreateInput;
  RoutineUpdateInput: RoutineUpdateInput;
  SavedMeal: SavedMealModel;
  SavedMealCreateInput: SavedMealCreateInput;
  SavedMealItemInput: SavedMealItemInput;
  SavedMealUpdateInput: SavedMealUpdateInput;
  Share: ShareModel;
  ShareCreateInput: ShareCreateInput;
  ShareCreated: CreatedShareModel;
  ShareScope: ShareScopeModel;
  ShareScopeInput: ShareScopeInput;
  String: Scalars['String']['output'];
  Subscription: Record<PropertyKey, never>;
  Suggestion: SuggestionModel;
  SuggestionAcceptInput: SuggestionAcceptInput;
  SuggestionPage: SuggestionPageModel;
  TrackingTimer: TrackingTimerModel;
  TrackingTimerStartInput: TrackingTimerStartInput;
  TrackingTimerStopInput: TrackingTimerStopInput;
  UUID: Scalars['UUID']['output'];
  User: UserParentModel;
  Webhook: WebhookModel;
  WebhookCreateInput: WebhookCreateInput;
  WebhookDelivery: DeliveryModel;
  WebhookDeliveryAttempt: DeliveryAttemptModel;
  WebhookDeliveryPage: DeliveryPageModel;
  WebhookUpdateInput: WebhookUpdateInput;
  WebhookWithSecret: WebhookWithSecretModel;
};

export type ListSizeDirectiveArgs = {
  assumedSize?: Maybe<Scalars['Int']['input']>;
  sizedFields?: Maybe<Array<Scalars['String']['input']>>;
};

export type ListSizeDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = ListSizeDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type CalendarEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CalendarEvent'] = ResolversParentTypes['CalendarEvent']> = {
  attendeeCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  calendarId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  calendarName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  endsAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  externalId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  isAllDay?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  rsvpStatus?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  source?: Resolver<Maybe<ResolversTypes['DataSource']>, ParentType, ContextType>;
  startsAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['CalendarEventStatus'], ParentType, ContextType>;
  title?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  userRelevance?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type CalendarEventPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CalendarEventPage'] = ResolversParentTypes['CalendarEventPage']> = {
  items?: Resolver<Array<ResolversTypes['CalendarEvent']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type CategoryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Category'] = ResolversParentTypes['Category']> = {
  color?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  iconKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type ChangeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Change'] = ResolversParentTypes['Change']> = {
  changedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  data?: Resolver<Maybe<ResolversTypes['JSONObject']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  op?: Resolver<ResolversTypes['ChangeOp'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['ChangeType'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ChangesPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ChangesPage'] = ResolversParentTypes['ChangesPage']> = {
  changes?: Resolver<Array<ResolversTypes['Change']>, ParentType, ContextType>;
  hasMore?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  nextCursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CsvImportResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CsvImportResult'] = ResolversParentTypes['CsvImportResult']> = {
  created?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  issues?: Resolver<Array<ResolversTypes['JSONObject']>, ParentType, ContextType>;
  refused?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rows?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  skipped?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
};

export type DataSourceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DataSource'] = ResolversParentTypes['DataSource']> = {
  config?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  isDefault?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['EventSourceKind'], ParentType, ContextType>;
  lastSyncCancelledCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  lastSyncError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastSyncEventCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  lastSyncSkippedCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  lastSyncSkippedReasons?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  lastSyncStatus?: Resolver<Maybe<ResolversTypes['EventSourceSyncStatus']>, ParentType, ContextType>;
  lastSyncedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  sourceLabel?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export interface DateScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Date'], any> {
  name: 'Date';
}

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type DayFactorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DayFactor'] = ResolversParentTypes['DayFactor']> = {
  category?: Resolver<Maybe<ResolversTypes['Category']>, ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tag?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type DayMetricResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DayMetric'] = ResolversParentTypes['DayMetric']> = {
  metricType?: Resolver<ResolversTypes['MetricType'], ParentType, ContextType>;
  operator?: Resolver<ResolversTypes['ResolutionOperator'], ParentType, ContextType>;
  resolvedFrom?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sources?: Resolver<Array<ResolversTypes['DayMetricSource']>, ParentType, ContextType>;
  value?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  valueField?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type DayMetricSourceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DayMetricSource'] = ResolversParentTypes['DayMetricSource']> = {
  source?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type DaySummaryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DaySummary'] = ResolversParentTypes['DaySummary']> = {
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  eventCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  factors?: Resolver<Array<ResolversTypes['DayFactor']>, ParentType, ContextType>;
  goals?: Resolver<Array<ResolversTypes['GoalProgress']>, ParentType, ContextType>;
  metrics?: Resolver<Array<ResolversTypes['DayMetric']>, ParentType, ContextType>;
};

export type EncryptionKeyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['EncryptionKey'] = ResolversParentTypes['EncryptionKey']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  kdfParams?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  kdfSalt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  verifier?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  wrappedDek?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type EpisodeCardResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['EpisodeCard'] = ResolversParentTypes['EpisodeCard']> = {
  baselineDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  caution?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  corroboration?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  direction?: Resolver<ResolversTypes['EpisodeDirection'], ParentType, ContextType>;
  headline?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['InsightKind'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ratio?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  recentDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  windowDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  z?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type EpisodesResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Episodes'] = ResolversParentTypes['Episodes']> = {
  episodes?: Resolver<Array<ResolversTypes['EpisodeCard']>, ParentType, ContextType>;
  windowDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ErasureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Erasure'] = ResolversParentTypes['Erasure']> = {
  erased?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  erasedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  rows?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
};

export type EventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Event'] = ResolversParentTypes['Event']> = {
  booleanValue?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  category?: Resolver<Maybe<ResolversTypes['Category']>, ParentType, ContextType>;
  clientId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  duration?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  encryptedPayload?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  localDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  mealItems?: Resolver<Array<ResolversTypes['MealItem']>, ParentType, ContextType>;
  metadata?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  notes?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  scalarValue?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  source?: Resolver<ResolversTypes['EventSource'], ParentType, ContextType>;
  tags?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type EventPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['EventPage'] = ResolversParentTypes['EventPage']> = {
  items?: Resolver<Array<ResolversTypes['Event']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type ExperimentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Experiment'] = ResolversParentTypes['Experiment']> = {
  adherence?: Resolver<ResolversTypes['ExperimentAdherence'], ParentType, ContextType>;
  better?: Resolver<ResolversTypes['ExperimentBetter'], ParentType, ContextType>;
  blockDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  blocks?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  days?: Resolver<Array<ResolversTypes['ExperimentDay']>, ParentType, ContextType>;
  design?: Resolver<ResolversTypes['ExperimentDesign'], ParentType, ContextType>;
  end?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  hypothesis?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  intervention?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lag?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  outcome?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  results?: Resolver<ResolversTypes['ExperimentResults'], ParentType, ContextType>;
  schedule?: Resolver<Array<ResolversTypes['ExperimentBlock']>, ParentType, ContextType>;
  seed?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  start?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ExperimentStatus'], ParentType, ContextType>;
  stoppedOn?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  washoutDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ExperimentAdherenceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ExperimentAdherence'] = ResolversParentTypes['ExperimentAdherence']> = {
  daysAdherent?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  daysKnown?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rate?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
};

export type ExperimentBlockResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ExperimentBlock'] = ResolversParentTypes['ExperimentBlock']> = {
  arm?: Resolver<ResolversTypes['ExperimentArm'], ParentType, ContextType>;
  from?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  index?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  to?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
};

export type ExperimentDayResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ExperimentDay'] = ResolversParentTypes['ExperimentDay']> = {
  adherent?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  analysed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  arm?: Resolver<ResolversTypes['ExperimentArm'], ParentType, ContextType>;
  block?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  intervention?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  outcome?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  outcomeDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  washout?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type ExperimentResultsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ExperimentResults'] = ResolversParentTypes['ExperimentResults']> = {
  ciHigh?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  ciLow?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  df?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  difference?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  hacLags?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  hacSe?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  hedgesG?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  meanA?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  meanB?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  minDaysPerArm?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  nA?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  nB?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  olsSe?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  pValue?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  runs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  se?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  verdict?: Resolver<ResolversTypes['ExperimentVerdict'], ParentType, ContextType>;
};

export type FoodItemResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FoodItem'] = ResolversParentTypes['FoodItem']> = {
  barcode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  brand?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  confidence?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  isDrink?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  nutrition?: Resolver<ResolversTypes['Nutrition'], ParentType, ContextType>;
  nutritionDerived?: Resolver<Array<ResolversTypes['NutrientName']>, ParentType, ContextType>;
  place?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  servingDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  source?: Resolver<ResolversTypes['FoodSource'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  usageCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type GoalResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Goal'] = ResolversParentTypes['Goal']> = {
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  category?: Resolver<ResolversTypes['MetricCategory'], ParentType, ContextType>;
  chart?: Resolver<ResolversTypes['String'], ParentType, ContextType, Partial<GoalChartArgs>>;
  direction?: Resolver<ResolversTypes['GoalDirection'], ParentType, ContextType>;
  isSet?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  longestStreak?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  period?: Resolver<ResolversTypes['GoalPeriod'], ParentType, ContextType>;
  periodValue?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  reminders?: Resolver<Array<ResolversTypes['Reminder']>, ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  streak?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  strength?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  target?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  timesPerPeriod?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  today?: Resolver<Maybe<ResolversTypes['GoalProgress']>, ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  valueField?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type GoalPeriodResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GoalPeriodResult'] = ResolversParentTypes['GoalPeriodResult']> = {
  end?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  outcome?: Resolver<ResolversTypes['GoalOutcome'], ParentType, ContextType>;
  start?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  target?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  value?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
};

export type GoalProgressResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GoalProgress'] = ResolversParentTypes['GoalProgress']> = {
  direction?: Resolver<ResolversTypes['GoalDirection'], ParentType, ContextType>;
  met?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  progress?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  target?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  value?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  valueField?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ImportResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Import'] = ResolversParentTypes['Import']> = {
  bytesRead?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  bytesTotal?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  counts?: Resolver<ResolversTypes['ImportCounts'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  detectedFormat?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  filename?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  finishedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  format?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  reasons?: Resolver<Array<ResolversTypes['ImportReason']>, ParentType, ContextType>;
  startedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ImportStatus'], ParentType, ContextType>;
};

export type ImportCountsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportCounts'] = ResolversParentTypes['ImportCounts']> = {
  created?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  present?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  read?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  skipped?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  unmapped?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
};

export type ImportReasonResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportReason'] = ResolversParentTypes['ImportReason']> = {
  detail?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type InboxChangeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InboxChange'] = ResolversParentTypes['InboxChange']> = {
  pendingCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type InsightCenterResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InsightCenter'] = ResolversParentTypes['InsightCenter']> = {
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  metricType?: Resolver<Maybe<ResolversTypes['MetricType']>, ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type InsightEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InsightEdge'] = ResolversParentTypes['InsightEdge']> = {
  confidence?: Resolver<ResolversTypes['Confidence'], ParentType, ContextType>;
  direction?: Resolver<ResolversTypes['EdgeDirection'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['InsightKind'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lag?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  metricType?: Resolver<Maybe<ResolversTypes['MetricType']>, ParentType, ContextType>;
  n?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  qValue?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  r?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  support?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type InsightGraphResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InsightGraph'] = ResolversParentTypes['InsightGraph']> = {
  center?: Resolver<ResolversTypes['InsightCenter'], ParentType, ContextType>;
  edges?: Resolver<Array<ResolversTypes['InsightEdge']>, ParentType, ContextType>;
  mode?: Resolver<ResolversTypes['GraphMode'], ParentType, ContextType>;
  windowDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export interface JsonObjectScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSONObject'], any> {
  name: 'JSONObject';
}

export type LocationBatchResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LocationBatchResult'] = ResolversParentTypes['LocationBatchResult']> = {
  createdCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  skippedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  suggestions?: Resolver<Array<ResolversTypes['Suggestion']>, ParentType, ContextType>;
  visits?: Resolver<Array<ResolversTypes['PlaceVisit']>, ParentType, ContextType>;
};

export type LogCaptureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LogCapture'] = ResolversParentTypes['LogCapture']> = {
  capturedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  clientId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  failureReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  parsedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  parserVersion?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LogCaptureStatus'], ParentType, ContextType>;
  suggestions?: Resolver<Array<ResolversTypes['Suggestion']>, ParentType, ContextType>;
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type LogCapturePageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LogCapturePage'] = ResolversParentTypes['LogCapturePage']> = {
  items?: Resolver<Array<ResolversTypes['LogCapture']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type MealItemResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MealItem'] = ResolversParentTypes['MealItem']> = {
  brand?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  foodItem?: Resolver<Maybe<ResolversTypes['FoodItem']>, ParentType, ContextType>;
  foodItemId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  nutrition?: Resolver<ResolversTypes['Nutrition'], ParentType, ContextType>;
  servingDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  servings?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  snapshotAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type MetricAutomationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MetricAutomation'] = ResolversParentTypes['MetricAutomation']> = {
  actionConfig?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  actionType?: Resolver<ResolversTypes['AutomationActionType'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  triggerConfig?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  triggerType?: Resolver<ResolversTypes['AutomationTriggerType'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type MetricChartsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MetricCharts'] = ResolversParentTypes['MetricCharts']> = {
  heatmap?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  line?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sparkline?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MetricDefinitionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MetricDefinition'] = ResolversParentTypes['MetricDefinition']> = {
  automations?: Resolver<Array<ResolversTypes['MetricAutomation']>, ParentType, ContextType>;
  charts?: Resolver<ResolversTypes['MetricCharts'], ParentType, ContextType, Partial<MetricDefinitionChartsArgs>>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  displayName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  manualFallback?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  metricType?: Resolver<ResolversTypes['MetricType'], ParentType, ContextType>;
  resolutionOperator?: Resolver<ResolversTypes['ResolutionOperator'], ParentType, ContextType>;
  sources?: Resolver<Array<ResolversTypes['MetricSource']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type MetricReadingResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MetricReading'] = ResolversParentTypes['MetricReading']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  localDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  metadata?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  metricType?: Resolver<ResolversTypes['MetricType'], ParentType, ContextType>;
  readingGroupId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  recordedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sourceId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type MetricReadingPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MetricReadingPage'] = ResolversParentTypes['MetricReadingPage']> = {
  items?: Resolver<Array<ResolversTypes['MetricReading']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type MetricSourceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MetricSource'] = ResolversParentTypes['MetricSource']> = {
  condition?: Resolver<Maybe<ResolversTypes['JSONObject']>, ParentType, ContextType>;
  rank?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MetricTypeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MetricType'] = ResolversParentTypes['MetricType']> = {
  acceptedUnits?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  aggregation?: Resolver<ResolversTypes['MetricAggregation'], ParentType, ContextType>;
  category?: Resolver<ResolversTypes['MetricCategory'], ParentType, ContextType>;
  goalable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  valueField?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  acceptSuggestion?: Resolver<ResolversTypes['Suggestion'], ParentType, ContextType, RequireFields<MutationAcceptSuggestionArgs, 'id'>>;
  addGoalSkips?: Resolver<Array<ResolversTypes['Date']>, ParentType, ContextType, RequireFields<MutationAddGoalSkipsArgs, 'input' | 'slug'>>;
  cancelImport?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationCancelImportArgs, 'id'>>;
  completeRoutine?: Resolver<ResolversTypes['Event'], ParentType, ContextType, RequireFields<MutationCompleteRoutineArgs, 'id' | 'input'>>;
  createAutomation?: Resolver<ResolversTypes['MetricAutomation'], ParentType, ContextType, RequireFields<MutationCreateAutomationArgs, 'definitionId' | 'input'>>;
  createCategory?: Resolver<ResolversTypes['Category'], ParentType, ContextType, RequireFields<MutationCreateCategoryArgs, 'input'>>;
  createEvent?: Resolver<ResolversTypes['Event'], ParentType, ContextType, RequireFields<MutationCreateEventArgs, 'input'>>;
  createEventSource?: Resolver<ResolversTypes['DataSource'], ParentType, ContextType, RequireFields<MutationCreateEventSourceArgs, 'input'>>;
  createExperiment?: Resolver<ResolversTypes['Experiment'], ParentType, ContextType, RequireFields<MutationCreateExperimentArgs, 'input'>>;
  createFoodItem?: Resolver<ResolversTypes['FoodItem'], ParentType, ContextType, RequireFields<MutationCreateFoodItemArgs, 'input'>>;
  createLogCapture?: Resolver<ResolversTypes['LogCapture'], ParentType, ContextType, RequireFields<MutationCreateLogCaptureArgs, 'input'>>;
  createPlace?: Resolver<ResolversTypes['Place'], ParentType, ContextType, RequireFields<MutationCreatePlaceArgs, 'input'>>;
  createPlaceVisit?: Resolver<ResolversTypes['PlaceVisit'], ParentType, ContextType, RequireFields<MutationCreatePlaceVisitArgs, 'id' | 'input'>>;
  createReminder?: Resolver<ResolversTypes['Reminder'], ParentType, ContextType, RequireFields<MutationCreateReminderArgs, 'input'>>;
  createRoutine?: Resolver<ResolversTypes['Routine'], ParentType, ContextType, RequireFields<MutationCreateRoutineArgs, 'input'>>;
  createSavedMeal?: Resolver<ResolversTypes['SavedMeal'], ParentType, ContextType, RequireFields<MutationCreateSavedMealArgs, 'input'>>;
  createShare?: Resolver<ResolversTypes['ShareCreated'], ParentType, ContextType, RequireFields<MutationCreateShareArgs, 'input'>>;
  createWebhook?: Resolver<ResolversTypes['WebhookWithSecret'], ParentType, ContextType, RequireFields<MutationCreateWebhookArgs, 'input'>>;
  deleteAccount?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteAccountArgs, 'input'>>;
  deleteAutomation?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteAutomationArgs, 'definitionId' | 'id'>>;
  deleteCategory?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteCategoryArgs, 'id'>>;
  deleteEvent?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteEventArgs, 'id'>>;
  deleteEventSource?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteEventSourceArgs, 'id'>>;
  deleteExperiment?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteExperimentArgs, 'id'>>;
  deleteGoal?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteGoalArgs, 'slug'>>;
  deleteGoalSkip?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteGoalSkipArgs, 'date' | 'slug'>>;
  deletePlace?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeletePlaceArgs, 'id'>>;
  deletePlaceVisit?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeletePlaceVisitArgs, 'id'>>;
  deletePushSubscription?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeletePushSubscriptionArgs, 'id'>>;
  deleteReminder?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteReminderArgs, 'id'>>;
  deleteRoutine?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteRoutineArgs, 'id'>>;
  deleteSavedMeal?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteSavedMealArgs, 'id'>>;
  deleteWebhook?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteWebhookArgs, 'id'>>;
  discardTrackingTimer?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDiscardTrackingTimerArgs, 'id'>>;
  dismissSuggestion?: Resolver<ResolversTypes['Suggestion'], ParentType, ContextType, RequireFields<MutationDismissSuggestionArgs, 'id'>>;
  eraseData?: Resolver<ResolversTypes['Erasure'], ParentType, ContextType, RequireFields<MutationEraseDataArgs, 'input'>>;
  importCsv?: Resolver<ResolversTypes['CsvImportResult'], ParentType, ContextType, RequireFields<MutationImportCsvArgs, 'input'>>;
  ingestReadings?: Resolver<ResolversTypes['ReadingBatchResult'], ParentType, ContextType, RequireFields<MutationIngestReadingsArgs, 'input'>>;
  lookUpBarcode?: Resolver<ResolversTypes['FoodItem'], ParentType, ContextType, RequireFields<MutationLookUpBarcodeArgs, 'input'>>;
  putEncryptionKey?: Resolver<ResolversTypes['EncryptionKey'], ParentType, ContextType, RequireFields<MutationPutEncryptionKeyArgs, 'input'>>;
  putGoal?: Resolver<ResolversTypes['Goal'], ParentType, ContextType, RequireFields<MutationPutGoalArgs, 'input' | 'slug'>>;
  recordLocations?: Resolver<ResolversTypes['LocationBatchResult'], ParentType, ContextType, RequireFields<MutationRecordLocationsArgs, 'input'>>;
  redeliverWebhookDelivery?: Resolver<ResolversTypes['WebhookDelivery'], ParentType, ContextType, RequireFields<MutationRedeliverWebhookDeliveryArgs, 'deliveryId' | 'webhookId'>>;
  registerPushSubscription?: Resolver<ResolversTypes['PushSubscription'], ParentType, ContextType, RequireFields<MutationRegisterPushSubscriptionArgs, 'input'>>;
  restoreEncryptionKey?: Resolver<ResolversTypes['EncryptionKey'], ParentType, ContextType, RequireFields<MutationRestoreEncryptionKeyArgs, 'id'>>;
  revokeShare?: Resolver<ResolversTypes['Share'], ParentType, ContextType, RequireFields<MutationRevokeShareArgs, 'id'>>;
  rotateWebhookSecret?: Resolver<ResolversTypes['WebhookWithSecret'], ParentType, ContextType, RequireFields<MutationRotateWebhookSecretArgs, 'id'>>;
  saveNarrative?: Resolver<ResolversTypes['Narrative'], ParentType, ContextType, RequireFields<MutationSaveNarrativeArgs, 'input'>>;
  startTrackingTimer?: Resolver<ResolversTypes['TrackingTimer'], ParentType, ContextType, RequireFields<MutationStartTrackingTimerArgs, 'input'>>;
  stopTrackingTimer?: Resolver<ResolversTypes['Event'], ParentType, ContextType, RequireFields<MutationStopTrackingTimerArgs, 'id'>>;
  syncEventSource?: Resolver<ResolversTypes['DataSource'], ParentType, ContextType, RequireFields<MutationSyncEventSourceArgs, 'id'>>;
  testPushSubscription?: Resolver<ResolversTypes['PushOutcome'], ParentType, ContextType, RequireFields<MutationTestPushSubscriptionArgs, 'id'>>;
  testWebhook?: Resolver<ResolversTypes['WebhookDelivery'], ParentType, ContextType, RequireFields<MutationTestWebhookArgs, 'id'>>;
  updateAutomation?: Resolver<ResolversTypes['MetricAutomation'], ParentType, ContextType, RequireFields<MutationUpdateAutomationArgs, 'definitionId' | 'id' | 'input'>>;
  updateCategory?: Resolver<ResolversTypes['Category'], ParentType, ContextType, RequireFields<MutationUpdateCategoryArgs, 'id' | 'input'>>;
  updateEvent?: Resolver<ResolversTypes['Event'], ParentType, ContextType, RequireFields<MutationUpdateEventArgs, 'id' | 'input'>>;
  updateEventSource?: Resolver<ResolversTypes['DataSource'], ParentType, ContextType, RequireFields<MutationUpdateEventSourceArgs, 'id' | 'input'>>;
  updateExperiment?: Resolver<ResolversTypes['Experiment'], ParentType, ContextType, RequireFields<MutationUpdateExperimentArgs, 'id' | 'input'>>;
  updateFoodItem?: Resolver<ResolversTypes['FoodItem'], ParentType, ContextType, RequireFields<MutationUpdateFoodItemArgs, 'id' | 'input'>>;
  updateMetricDefinition?: Resolver<ResolversTypes['MetricDefinition'], ParentType, ContextType, RequireFields<MutationUpdateMetricDefinitionArgs, 'id' | 'input'>>;
  updatePlace?: Resolver<ResolversTypes['Place'], ParentType, ContextType, RequireFields<MutationUpdatePlaceArgs, 'id' | 'input'>>;
  updateProfile?: Resolver<ResolversTypes['Profile'], ParentType, ContextType, RequireFields<MutationUpdateProfileArgs, 'input'>>;
  updateReminder?: Resolver<ResolversTypes['Reminder'], ParentType, ContextType, RequireFields<MutationUpdateReminderArgs, 'id' | 'input'>>;
  updateRoutine?: Resolver<ResolversTypes['Routine'], ParentType, ContextType, RequireFields<MutationUpdateRoutineArgs, 'id' | 'input'>>;
  updateSavedMeal?: Resolver<ResolversTypes['SavedMeal'], ParentType, ContextType, RequireFields<MutationUpdateSavedMealArgs, 'id' | 'input'>>;
  updateWebhook?: Resolver<ResolversTypes['Webhook'], ParentType, ContextType, RequireFields<MutationUpdateWebhookArgs, 'id' | 'input'>>;
};

export type NarrativeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Narrative'] = ResolversParentTypes['Narrative']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  inputTokens?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  modelUsed?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  narrativeText?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  outputTokens?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  periodEnd?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  periodStart?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  periodType?: Resolver<ResolversTypes['NarrativePeriodType'], ParentType, ContextType>;
  provider?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type NarrativeDigestResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['NarrativeDigest'] = ResolversParentTypes['NarrativeDigest']> = {
  digest?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  hasData?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  periodEnd?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  periodStart?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  periodType?: Resolver<ResolversTypes['NarrativePeriodType'], ParentType, ContextType>;
};

export type NarrativePageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['NarrativePage'] = ResolversParentTypes['NarrativePage']> = {
  items?: Resolver<Array<ResolversTypes['Narrative']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type NutritionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Nutrition'] = ResolversParentTypes['Nutrition']> = {
  addedSugarG?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  calciumMg?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  calories?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  carbohydratesG?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  cholesterolMg?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  fatG?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  fiberG?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  ironMg?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  potassiumMg?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  proteinG?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  saturatedFatG?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  sodiumMg?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  sugarG?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  transFatG?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  vitaminAMcg?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  vitaminCMg?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  vitaminDMcg?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
};

export type OutboundEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['OutboundEvent'] = ResolversParentTypes['OutboundEvent']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  payload?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['EventType'], ParentType, ContextType>;
};

export type PageInfoResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type PlaceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Place'] = ResolversParentTypes['Place']> = {
  aliases?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  lastVisitAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  lat?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  liked?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  lng?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  notes?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  radiusM?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  rating?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  source?: Resolver<ResolversTypes['PlaceSource'], ParentType, ContextType>;
  tags?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  visitCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  visits?: Resolver<Array<ResolversTypes['PlaceVisit']>, ParentType, ContextType, RequireFields<PlaceVisitsArgs, 'limit'>>;
};

export type PlaceVisitResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PlaceVisit'] = ResolversParentTypes['PlaceVisit']> = {
  endedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  localDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  note?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  place?: Resolver<ResolversTypes['Place'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['VisitSource'], ParentType, ContextType>;
};

export type PlaceVisitPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PlaceVisitPage'] = ResolversParentTypes['PlaceVisitPage']> = {
  items?: Resolver<Array<ResolversTypes['PlaceVisit']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type ProfileResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Profile'] = ResolversParentTypes['Profile']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  language?: Resolver<ResolversTypes['CaptureLanguage'], ParentType, ContextType>;
  timezone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totpEnabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  weekStart?: Resolver<ResolversTypes['Weekday'], ParentType, ContextType>;
};

export type PushOutcomeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PushOutcome'] = ResolversParentTypes['PushOutcome']> = {
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  ok?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  subscriptionId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
};

export type PushSubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PushSubscription'] = ResolversParentTypes['PushSubscription']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  endpointOrigin?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  label?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastFailureAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  lastSuccessAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  me?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
  user?: Resolver<ResolversTypes['User'], ParentType, ContextType, RequireFields<QueryUserArgs, 'id'>>;
};

export type QuietWindowResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['QuietWindow'] = ResolversParentTypes['QuietWindow']> = {
  end?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  start?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ReadingBatchResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReadingBatchResult'] = ResolversParentTypes['ReadingBatchResult']> = {
  created?: Resolver<Array<ResolversTypes['MetricReading']>, ParentType, ContextType>;
  skippedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ReminderResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Reminder'] = ResolversParentTypes['Reminder']> = {
  channel?: Resolver<ResolversTypes['ReminderChannel'], ParentType, ContextType>;
  condition?: Resolver<ResolversTypes['ReminderCondition'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  graceMinutes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  nextDueAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  quiet?: Resolver<Maybe<ResolversTypes['QuietWindow']>, ParentType, ContextType>;
  rrule?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  snoozedUntil?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  startsOn?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  target?: Resolver<Maybe<ResolversTypes['ReminderTarget']>, ParentType, ContextType>;
  times?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  timezone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  webhookId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
};

export type ReminderActionLinksResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReminderActionLinks'] = ResolversParentTypes['ReminderActionLinks']> = {
  doneUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  pageUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  snoozeUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ReminderFiringResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReminderFiring'] = ResolversParentTypes['ReminderFiring']> = {
  actedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  action?: Resolver<Maybe<ResolversTypes['ReminderAction']>, ParentType, ContextType>;
  actions?: Resolver<Maybe<ResolversTypes['ReminderActionLinks']>, ParentType, ContextType>;
  decidedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  dueAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  eventId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  localDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  localTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  occurrenceAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  pushResults?: Resolver<Maybe<Array<ResolversTypes['ReminderPushResult']>>, ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  reminderId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  snoozed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ReminderFiringStatus'], ParentType, ContextType>;
};

export type ReminderOccurrenceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReminderOccurrence'] = ResolversParentTypes['ReminderOccurrence']> = {
  dueAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  localDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  localTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ReminderPushResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReminderPushResult'] = ResolversParentTypes['ReminderPushResult']> = {
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  ok?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  subscriptionId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
};

export type ReminderTargetResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReminderTarget'] = ResolversParentTypes['ReminderTarget']> = {
  kind?: Resolver<ResolversTypes['ReminderTargetKind'], ParentType, ContextType>;
  ref?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ReplacedEncryptionKeyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReplacedEncryptionKey'] = ResolversParentTypes['ReplacedEncryptionKey']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  kdfParams?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  kdfSalt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  replacedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  storedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  verifier?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  wrappedDek?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type RoutineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Routine'] = ResolversParentTypes['Routine']> = {
  color?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  displayOrder?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  iconKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  items?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reminders?: Resolver<Array<ResolversTypes['Reminder']>, ParentType, ContextType>;
  timeOfDay?: Resolver<ResolversTypes['TimeOfDay'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type SavedMealResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SavedMeal'] = ResolversParentTypes['SavedMeal']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  items?: Resolver<Array<ResolversTypes['MealItem']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  nutrition?: Resolver<ResolversTypes['Nutrition'], ParentType, ContextType>;
  totalsSource?: Resolver<ResolversTypes['MealTotalsSource'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  usageCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type ShareResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Share'] = ResolversParentTypes['Share']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  from?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  hasPassword?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastDays?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  lastViewedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  maxViews?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  scope?: Resolver<ResolversTypes['ShareScope'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ShareStatus'], ParentType, ContextType>;
  to?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  views?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ShareCreatedResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShareCreated'] = ResolversParentTypes['ShareCreated']> = {
  share?: Resolver<ResolversTypes['Share'], ParentType, ContextType>;
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ShareScopeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShareScope'] = ResolversParentTypes['ShareScope']> = {
  categories?: Resolver<Array<ResolversTypes['UUID']>, ParentType, ContextType>;
  goals?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  includeCaptures?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  includeCorrelations?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  includeExperiments?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  includeLocations?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  includeNotes?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  metrics?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  tags?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type SubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = {
  events?: SubscriptionResolver<ResolversTypes['OutboundEvent'], "events", ParentType, ContextType, Partial<SubscriptionEventsArgs>>;
  inboxChanged?: SubscriptionResolver<ResolversTypes['InboxChange'], "inboxChanged", ParentType, ContextType>;
};

export type SuggestionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Suggestion'] = ResolversParentTypes['Suggestion']> = {
  capture?: Resolver<Maybe<ResolversTypes['LogCapture']>, ParentType, ContextType>;
  confidence?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  decidedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  expiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['SuggestionKind'], ParentType, ContextType>;
  occurredAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  payload?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  provenance?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  resultingEvent?: Resolver<Maybe<ResolversTypes['Event']>, ParentType, ContextType>;
  resultingPlace?: Resolver<Maybe<ResolversTypes['Place']>, ParentType, ContextType>;
  resultingReading?: Resolver<Maybe<ResolversTypes['MetricReading']>, ParentType, ContextType>;
  resultingVisit?: Resolver<Maybe<ResolversTypes['PlaceVisit']>, ParentType, ContextType>;
  source?: Resolver<ResolversTypes['SuggestionSource'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['SuggestionStatus'], ParentType, ContextType>;
  summary?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  windowEnd?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  windowStart?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type SuggestionPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SuggestionPage'] = ResolversParentTypes['SuggestionPage']> = {
  items?: Resolver<Array<ResolversTypes['Suggestion']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  pendingCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type TrackingTimerResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TrackingTimer'] = ResolversParentTypes['TrackingTimer']> = {
  category?: Resolver<Maybe<ResolversTypes['Category']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  label?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  startedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export interface UuidScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['UUID'], any> {
  name: 'UUID';
}

export type UserResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = {
  calendarEvent?: Resolver<Maybe<ResolversTypes['CalendarEvent']>, ParentType, ContextType, RequireFields<UserCalendarEventArgs, 'id'>>;
  calendarEvents?: Resolver<Maybe<Array<ResolversTypes['CalendarEvent']>>, ParentType, ContextType, RequireFields<UserCalendarEventsArgs, 'includeCancelled' | 'limit' | 'offset'>>;
  calendarEventsPage?: Resolver<Maybe<ResolversTypes['CalendarEventPage']>, ParentType, ContextType, RequireFields<UserCalendarEventsPageArgs, 'includeCancelled' | 'limit'>>;
  categories?: Resolver<Maybe<Array<ResolversTypes['Category']>>, ParentType, ContextType>;
  changes?: Resolver<ResolversTypes['ChangesPage'], ParentType, ContextType, RequireFields<UserChangesArgs, 'limit'>>;
  day?: Resolver<Maybe<ResolversTypes['DaySummary']>, ParentType, ContextType, RequireFields<UserDayArgs, 'date'>>;
  days?: Resolver<Maybe<Array<ResolversTypes['DaySummary']>>, ParentType, ContextType, RequireFields<UserDaysArgs, 'from' | 'to'>>;
  encryptionKey?: Resolver<Maybe<ResolversTypes['EncryptionKey']>, ParentType, ContextType>;
  episodes?: Resolver<Maybe<ResolversTypes['Episodes']>, ParentType, ContextType, RequireFields<UserEpisodesArgs, 'windowDays'>>;
  event?: Resolver<Maybe<ResolversTypes['Event']>, ParentType, ContextType, RequireFields<UserEventArgs, 'id'>>;
  eventSource?: Resolver<Maybe<ResolversTypes['DataSource']>, ParentType, ContextType, RequireFields<UserEventSourceArgs, 'id'>>;
  eventSources?: Resolver<Maybe<Array<ResolversTypes['DataSource']>>, ParentType, ContextType, RequireFields<UserEventSourcesArgs, 'limit' | 'offset'>>;
  events?: Resolver<Maybe<Array<ResolversTypes['Event']>>, ParentType, ContextType, RequireFields<UserEventsArgs, 'limit' | 'offset'>>;
  eventsPage?: Resolver<Maybe<ResolversTypes['EventPage']>, ParentType, ContextType, RequireFields<UserEventsPageArgs, 'limit'>>;
  experiment?: Resolver<Maybe<ResolversTypes['Experiment']>, ParentType, ContextType, RequireFields<UserExperimentArgs, 'id'>>;
  experiments?: Resolver<Maybe<Array<ResolversTypes['Experiment']>>, ParentType, ContextType>;
  foodItem?: Resolver<Maybe<ResolversTypes['FoodItem']>, ParentType, ContextType, RequireFields<UserFoodItemArgs, 'id'>>;
  foodItems?: Resolver<Maybe<Array<ResolversTypes['FoodItem']>>, ParentType, ContextType, RequireFields<UserFoodItemsArgs, 'limit'>>;
  goalHistory?: Resolver<Maybe<Array<ResolversTypes['GoalPeriodResult']>>, ParentType, ContextType, RequireFields<UserGoalHistoryArgs, 'slug'>>;
  goalSkips?: Resolver<Maybe<Array<ResolversTypes['Date']>>, ParentType, ContextType, RequireFields<UserGoalSkipsArgs, 'slug'>>;
  goals?: Resolver<Maybe<Array<ResolversTypes['Goal']>>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  import?: Resolver<Maybe<ResolversTypes['Import']>, ParentType, ContextType, RequireFields<UserImportArgs, 'id'>>;
  imports?: Resolver<Array<ResolversTypes['Import']>, ParentType, ContextType, RequireFields<UserImportsArgs, 'limit' | 'offset'>>;
  insightGraph?: Resolver<Maybe<ResolversTypes['InsightGraph']>, ParentType, ContextType, RequireFields<UserInsightGraphArgs, 'metric' | 'mode' | 'windowDays'>>;
  locationHistory?: Resolver<Maybe<Array<ResolversTypes['PlaceVisit']>>, ParentType, ContextType, RequireFields<UserLocationHistoryArgs, 'limit' | 'offset'>>;
  locationHistoryPage?: Resolver<Maybe<ResolversTypes['PlaceVisitPage']>, ParentType, ContextType, RequireFields<UserLocationHistoryPageArgs, 'limit'>>;
  logCapture?: Resolver<Maybe<ResolversTypes['LogCapture']>, ParentType, ContextType, RequireFields<UserLogCaptureArgs, 'id'>>;
  logCaptures?: Resolver<Maybe<Array<ResolversTypes['LogCapture']>>, ParentType, ContextType, RequireFields<UserLogCapturesArgs, 'limit' | 'offset'>>;
  logCapturesPage?: Resolver<Maybe<ResolversTypes['LogCapturePage']>, ParentType, ContextType, RequireFields<UserLogCapturesPageArgs, 'limit'>>;
  metricDefinition?: Resolver<Maybe<ResolversTypes['MetricDefinition']>, ParentType, ContextType, RequireFields<UserMetricDefinitionArgs, 'id'>>;
  metricDefinitions?: Resolver<Maybe<Array<ResolversTypes['MetricDefinition']>>, ParentType, ContextType, RequireFields<UserMetricDefinitionsArgs, 'limit' | 'offset'>>;
  metricTypes?: Resolver<Maybe<Array<ResolversTypes['MetricType']>>, ParentType, ContextType>;
  narrative?: Resolver<Maybe<ResolversTypes['Narrative']>, ParentType, ContextType, RequireFields<UserNarrativeArgs, 'id'>>;
  narrativeDigest?: Resolver<ResolversTypes['NarrativeDigest'], ParentType, ContextType, Partial<UserNarrativeDigestArgs>>;
  narratives?: Resolver<Maybe<Array<ResolversTypes['Narrative']>>, ParentType, ContextType, RequireFields<UserNarrativesArgs, 'limit' | 'offset'>>;
  narrativesPage?: Resolver<Maybe<ResolversTypes['NarrativePage']>, ParentType, ContextType, RequireFields<UserNarrativesPageArgs, 'limit'>>;
  place?: Resolver<Maybe<ResolversTypes['Place']>, ParentType, ContextType, RequireFields<UserPlaceArgs, 'id'>>;
  placeVisits?: Resolver<Maybe<Array<ResolversTypes['PlaceVisit']>>, ParentType, ContextType, RequireFields<UserPlaceVisitsArgs, 'limit' | 'offset' | 'placeId'>>;
  placeVisitsPage?: Resolver<Maybe<ResolversTypes['PlaceVisitPage']>, ParentType, ContextType, RequireFields<UserPlaceVisitsPageArgs, 'limit' | 'placeId'>>;
  places?: Resolver<Maybe<Array<ResolversTypes['Place']>>, ParentType, ContextType, RequireFields<UserPlacesArgs, 'limit' | 'offset'>>;
  profile?: Resolver<ResolversTypes['Profile'], ParentType, ContextType>;
  pushSubscriptions?: Resolver<Array<ResolversTypes['PushSubscription']>, ParentType, ContextType>;
  readings?: Resolver<Maybe<Array<ResolversTypes['MetricReading']>>, ParentType, ContextType, RequireFields<UserReadingsArgs, 'limit' | 'offset'>>;
  readingsPage?: Resolver<Maybe<ResolversTypes['MetricReadingPage']>, ParentType, ContextType, RequireFields<UserReadingsPageArgs, 'limit'>>;
  reminder?: Resolver<Maybe<ResolversTypes['Reminder']>, ParentType, ContextType, RequireFields<UserReminderArgs, 'id'>>;
  reminderHistory?: Resolver<Maybe<Array<ResolversTypes['ReminderFiring']>>, ParentType, ContextType, RequireFields<UserReminderHistoryArgs, 'id' | 'limit'>>;
  reminderUpcoming?: Resolver<Maybe<Array<ResolversTypes['ReminderOccurrence']>>, ParentType, ContextType, RequireFields<UserReminderUpcomingArgs, 'id' | 'limit'>>;
  reminders?: Resolver<Maybe<Array<ResolversTypes['Reminder']>>, ParentType, ContextType>;
  replacedEncryptionKeys?: Resolver<Maybe<Array<ResolversTypes['ReplacedEncryptionKey']>>, ParentType, ContextType, RequireFields<UserReplacedEncryptionKeysArgs, 'limit' | 'offset'>>;
  routine?: Resolver<Maybe<ResolversTypes['Routine']>, ParentType, ContextType, RequireFields<UserRoutineArgs, 'id'>>;
  routines?: Resolver<Maybe<Array<ResolversTypes['Routine']>>, ParentType, ContextType>;
  savedMeal?: Resolver<Maybe<ResolversTypes['SavedMeal']>, ParentType, ContextType, RequireFields<UserSavedMealArgs, 'id'>>;
  savedMeals?: Resolver<Maybe<Array<ResolversTypes['SavedMeal']>>, ParentType, ContextType, RequireFields<UserSavedMealsArgs, 'limit' | 'offset'>>;
  share?: Resolver<Maybe<ResolversTypes['Share']>, ParentType, ContextType, RequireFields<UserShareArgs, 'id'>>;
  shares?: Resolver<Maybe<Array<ResolversTypes['Share']>>, ParentType, ContextType>;
  suggestion?: Resolver<Maybe<ResolversTypes['Suggestion']>, ParentType, ContextType, RequireFields<UserSuggestionArgs, 'id'>>;
  suggestions?: Resolver<Maybe<ResolversTypes['SuggestionPage']>, ParentType, ContextType, RequireFields<UserSuggestionsArgs, 'limit' | 'offset' | 'status'>>;
  tagChart?: Resolver<ResolversTypes['String'], ParentType, ContextType, RequireFields<UserTagChartArgs, 'tag'>>;
  trackingTimer?: Resolver<Maybe<ResolversTypes['TrackingTimer']>, ParentType, ContextType, RequireFields<UserTrackingTimerArgs, 'id'>>;
  trackingTimers?: Resolver<Maybe<Array<ResolversTypes['TrackingTimer']>>, ParentType, ContextType, RequireFields<UserTrackingTimersArgs, 'limit' | 'offset'>>;
  webPushKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  webhook?: Resolver<Maybe<ResolversTypes['Webhook']>, ParentType, ContextType, RequireFields<UserWebhookArgs, 'id'>>;
  webhookDeliveries?: Resolver<ResolversTypes['WebhookDeliveryPage'], ParentType, ContextType, RequireFields<UserWebhookDeliveriesArgs, 'limit' | 'offset' | 'webhookId'>>;
  webhooks?: Resolver<Maybe<Array<ResolversTypes['Webhook']>>, ParentType, ContextType>;
};

export type WebhookResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Webhook'] = ResolversParentTypes['Webhook']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  disabledReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  events?: Resolver<Maybe<Array<ResolversTypes['EventType']>>, ParentType, ContextType>;
  failingSince?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  format?: Resolver<ResolversTypes['WebhookFormat'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  previousSecretExpiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type WebhookDeliveryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookDelivery'] = ResolversParentTypes['WebhookDelivery']> = {
  attemptLog?: Resolver<Array<ResolversTypes['WebhookDeliveryAttempt']>, ParentType, ContextType>;
  attempts?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  completedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  eventType?: Resolver<ResolversTypes['EventType'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  lastDurationMs?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastResponseCode?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  nextAttemptAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['WebhookDeliveryStatus'], ParentType, ContextType>;
  webhookId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
};

export type WebhookDeliveryAttemptResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookDeliveryAttempt'] = ResolversParentTypes['WebhookDeliveryAttempt']> = {
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  durationMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  responseCode?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type WebhookDeliveryPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookDeliveryPage'] = ResolversParentTypes['WebhookDeliveryPage']> = {
  items?: Resolver<Array<ResolversTypes['WebhookDelivery']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type WebhookWithSecretResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookWithSecret'] = ResolversParentTypes['WebhookWithSecret']> = {
  secret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  webhook?: Resolver<ResolversTypes['Webhook'], ParentType, ContextType>;
};

export type Resolvers<ContextType = GraphQLContext> = {
  CalendarEvent?: CalendarEventResolvers<ContextType>;
  CalendarEventPage?: CalendarEventPageResolvers<ContextType>;
  Category?: CategoryResolvers<ContextType>;
  Change?: ChangeResolvers<ContextType>;
  ChangesPage?: ChangesPageResolvers<ContextType>;
  CsvImportResult?: CsvImportResultResolvers<ContextType>;
  DataSource?: DataSourceResolvers<ContextType>;
  Date?: GraphQLScalarType;
  DateTime?: GraphQLScalarType;
  DayFactor?: DayFactorResolvers<ContextType>;
  DayMetric?: DayMetricResolvers<ContextType>;
  DayMetricSource?: DayMetricSourceResolvers<ContextType>;
  DaySummary?: DaySummaryResolvers<ContextType>;
  EncryptionKey?: EncryptionKeyResolvers<ContextType>;
  EpisodeCard?: EpisodeCardResolvers<ContextType>;
  Episodes?: EpisodesResolvers<ContextType>;
  Erasure?: ErasureResolvers<ContextType>;
  Event?: EventResolvers<ContextType>;
  EventPage?: EventPageResolvers<ContextType>;
  Experiment?: ExperimentResolvers<ContextType>;
  ExperimentAdherence?: ExperimentAdherenceResolvers<ContextType>;
  ExperimentBlock?: ExperimentBlockResolvers<ContextType>;
  ExperimentDay?: ExperimentDayResolvers<ContextType>;
  ExperimentResults?: ExperimentResultsResolvers<ContextType>;
  FoodItem?: FoodItemResolvers<ContextType>;
  Goal?: GoalResolvers<ContextType>;
  GoalPeriodResult?: GoalPeriodResultResolvers<ContextType>;
  GoalProgress?: GoalProgressResolvers<ContextType>;
  Import?: ImportResolvers<ContextType>;
  ImportCounts?: ImportCountsResolvers<ContextType>;
  ImportReason?: ImportReasonResolvers<ContextType>;
  InboxChange?: InboxChangeResolvers<ContextType>;
  InsightCenter?: InsightCenterResolvers<ContextType>;
  InsightEdge?: InsightEdgeResolvers<ContextType>;
  InsightGraph?: InsightGraphResolvers<ContextType>;
  JSONObject?: GraphQLScalarType;
  LocationBatchResult?: LocationBatchResultResolvers<ContextType>;
  LogCapture?: LogCaptureResolvers<ContextType>;
  LogCapturePage?: LogCapturePageResolvers<ContextType>;
  MealItem?: MealItemResolvers<ContextType>;
  MetricAutomation?: MetricAutomationResolvers<ContextType>;
  MetricCharts?: MetricChartsResolvers<ContextType>;
  MetricDefinition?: MetricDefinitionResolvers<ContextType>;
  MetricReading?: MetricReadingResolvers<ContextType>;
  MetricReadingPage?: MetricReadingPageResolvers<ContextType>;
  MetricSource?: MetricSourceResolvers<ContextType>;
  MetricType?: MetricTypeResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Narrative?: NarrativeResolvers<ContextType>;
  NarrativeDigest?: NarrativeDigestResolvers<ContextType>;
  NarrativePage?: NarrativePageResolvers<ContextType>;
  Nutrition?: NutritionResolvers<ContextType>;
  OutboundEvent?: OutboundEventResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  Place?: PlaceResolvers<ContextType>;
  PlaceVisit?: PlaceVisitResolvers<ContextType>;
  PlaceVisitPage?: PlaceVisitPageResolvers<ContextType>;
  Profile?: ProfileResolvers<ContextType>;
  PushOutcome?: PushOutcomeResolvers<ContextType>;
  PushSubscription?: PushSubscriptionResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  QuietWindow?: QuietWindowResolvers<ContextType>;
  ReadingBatchResult?: ReadingBatchResultResolvers<ContextType>;
  Reminder?: ReminderResolvers<ContextType>;
  ReminderActionLinks?: ReminderActionLinksResolvers<ContextType>;
  ReminderFiring?: ReminderFiringResolvers<ContextType>;
  ReminderOccurrence?: ReminderOccurrenceResolvers<ContextType>;
  ReminderPushResult?: ReminderPushResultResolvers<ContextType>;
  ReminderTarget?: ReminderTargetResolvers<ContextType>;
  ReplacedEncryptionKey?: ReplacedEncryptionKeyResolvers<ContextType>;
  Routine?: RoutineResolvers<ContextType>;
  SavedMeal?: SavedMealResolvers<ContextType>;
  Share?: ShareResolvers<ContextType>;
  ShareCreated?: ShareCreatedResolvers<ContextType>;
  ShareScope?: ShareScopeResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  Suggestion?: SuggestionResolvers<ContextType>;
  SuggestionPage?: SuggestionPageResolvers<ContextType>;
  TrackingTimer?: TrackingTimerResolvers<ContextType>;
  UUID?: GraphQLScalarType;
  User?: UserResolvers<ContextType>;
  Webhook?: WebhookResolvers<ContextType>;
  WebhookDelivery?: WebhookDeliveryResolvers<ContextType>;
  WebhookDeliveryAttempt?: WebhookDeliveryAttemptResolvers<ContextType>;
  WebhookDeliveryPage?: WebhookDeliveryPageResolvers<ContextType>;
  WebhookWithSecret?: WebhookWithSecretResolvers<ContextType>;
};

export type DirectiveResolvers<ContextType = GraphQLContext> = {
  listSize?: ListSizeDirectiveResolver<any, any, ContextType>;
};
