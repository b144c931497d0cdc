import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { UserParent as UserParentModel, SuggestionPageParent as SuggestionPageParentModel } from '../mappers.ts';
import type { Profile as ProfileModel } from '../../domain/users/users.service.ts';
import type { Category as CategoryModel } from '../../domain/categories/category.entity.ts';
import type { Event as EventModel } from '../../domain/events/event.entity.ts';
import type { SuggestionRead as SuggestionReadModel } from '../../domain/suggestions/suggestions.schemas.ts';
import type { GoalMetricRead as GoalMetricReadModel } from '../../domain/goals/goals.schemas.ts';
import type { InsightGraph as InsightGraphModel, InsightEdge as InsightEdgeModel } from '../../domain/insights/graph.ts';
import type { Episodes as EpisodesModel, EpisodeCard as EpisodeCardModel } from '../../domain/insights/episodes.ts';
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

/** Confidence tier of an edge */
export type Confidence =
  | 'moderate'
  | 'strong'
  | 'suggestive'
  | 'weak';

/** Sign of a correlation */
export type EdgeDirection =
  | 'negative'
  | 'positive';

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
  | 'above'
  | 'below';

/** Episodes of a window */
export type Episodes = {
  __typename?: 'Episodes';
  /** The cards, most deviating first */
  episodes: Array<EpisodeCard>;
  /** Days in the window */
  windowDays: Scalars['Int']['output'];
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

/** Where an event came from */
export type EventSource =
  | 'automation'
  | 'import'
  | 'suggestion'
  | 'timer'
  | 'user';

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

/** A goalable metric and its standing daily goal, if set */
export type Goal = {
  __typename?: 'Goal';
  /** Whether the goal is in force */
  active: Scalars['Boolean']['output'];
  /** The catalogue category */
  category: Scalars['String']['output'];
  /** Which side of the target meets the goal */
  direction: GoalDirection;
  /** Whether a goal was ever set */
  isSet: Scalars['Boolean']['output'];
  /** A readable name */
  label: Scalars['String']['output'];
  /** The metric's slug */
  slug: Scalars['String']['output'];
  /** The daily target; null when no goal is set */
  target?: Maybe<Scalars['Float']['output']>;
  /** The canonical unit */
  unit: Scalars['String']['output'];
  /** The day summary's top-level field for this metric, if it has one */
  valueField?: Maybe<Scalars['String']['output']>;
};

/** Which side of the target meets a goal */
export type GoalDirection =
  | 'at_least'
  | 'at_most';

/** explore: every tier; significant: strong and moderate only */
export type GraphMode =
  | 'explore'
  | 'significant';

/** The centred column of a graph */
export type InsightCenter = {
  __typename?: 'InsightCenter';
  /** Its canonical key */
  key: Scalars['String']['output'];
  /** A readable name */
  label: Scalars['String']['output'];
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
  | 'factor'
  | 'metric';

/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type Mutation = {
  __typename?: 'Mutation';
  /** Create a category; names are unique per user, ignoring case (CONFLICT otherwise) */
  createCategory: Category;
  /** Log an event; the same clientId with the same input returns the first event, with another input is a CONFLICT */
  createEvent: Event;
  /** Delete a category; its events stay, without a category. True when it was deleted */
  deleteCategory: Scalars['Boolean']['output'];
  /** Delete an event. True when it was deleted */
  deleteEvent: Scalars['Boolean']['output'];
  /** Rename or restyle a category; omitted fields stay, null clears */
  updateCategory: Category;
  /** Change an event; omitted fields stay, null clears a nullable field */
  updateEvent: Event;
  /** Change the profile (timezone; email needs a signed-in session); omitted fields stay */
  updateProfile: Profile;
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
export type MutationUpdateCategoryArgs = {
  id: Scalars['UUID']['input'];
  input: CategoryUpdateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdateEventArgs = {
  id: Scalars['UUID']['input'];
  input: EventUpdateInput;
};


/**
 * Every change a REST write makes, calling the same service. Each area's file extends this type.
 * A validation failure is BAD_USER_INPUT with extensions.detail listing loc/msg/type, locs in the
 * argument names as written (["input", "categoryId"]).
 */
export type MutationUpdateProfileArgs = {
  input: ProfileUpdateInput;
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
  /** IANA timezone in which local dates are computed */
  timezone: Scalars['String']['output'];
  /** Whether sign-in asks for a TOTP code */
  totpEnabled: Scalars['Boolean']['output'];
  /** When the profile last changed */
  updatedAt: Scalars['DateTime']['output'];
};

/** Profile changes; an omitted field stays as it is */
export type ProfileUpdateInput = {
  /** A new login email (only from a signed-in session, not with an access token) */
  email?: InputMaybe<Scalars['String']['input']>;
  /** An IANA timezone such as Europe/Berlin */
  timezone?: InputMaybe<Scalars['String']['input']>;
};

export type Query = {
  __typename?: 'Query';
  /** The user the token belongs to */
  me: User;
  /** A user by id: only the caller's own id is allowed (another id is FORBIDDEN) */
  user: User;
};


export type QueryUserArgs = {
  id: Scalars['UUID']['input'];
};

/** A proposal in the inbox, awaiting accept or dismiss */
export type Suggestion = {
  __typename?: 'Suggestion';
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
  /** What produced it */
  source: SuggestionSource;
  /** Where it stands */
  status: SuggestionStatus;
  /** A sentence describing it */
  summary: Scalars['String']['output'];
  /** A short title */
  title: Scalars['String']['output'];
  /** End of the time window it covers */
  windowEnd?: Maybe<Scalars['DateTime']['output']>;
  /** Start of the time window it covers */
  windowStart?: Maybe<Scalars['DateTime']['output']>;
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
  | 'accepted'
  | 'dismissed'
  | 'expired'
  | 'pending';

/** One person's tracking data: every resource is a field */
export type User = {
  __typename?: 'User';
  /** Categories, by name */
  categories: Array<Category>;
  /** Baseline-deviation episodes of the window ending on endDate (default: local today) */
  episodes: Episodes;
  /** One event by id (NOT_FOUND when the user has none with that id, as REST's 404) */
  event?: Maybe<Event>;
  /** Events, newest first; from/to take a date (local day, inclusive) or a date-time (to is exclusive) */
  events: Array<Event>;
  /** Every goalable metric in catalogue order, with its goal when set */
  goals: Array<Goal>;
  /** The user's id */
  id: Scalars['UUID']['output'];
  /** The graph centred on one daily summary column (a metric slug, a summary field, tag:<tag>, category:<id|name>) */
  insightGraph: InsightGraph;
  /** Email, timezone and two-factor status */
  profile: Profile;
  /** The inbox, newest first (default: pending) */
  suggestions: SuggestionPage;
};


/** One person's tracking data: every resource is a field */
export type UserEpisodesArgs = {
  endDate?: InputMaybe<Scalars['Date']['input']>;
  windowDays?: InputMaybe<Scalars['Int']['input']>;
};


/** One person's tracking data: every resource is a field */
export type UserEventArgs = {
  id: Scalars['UUID']['input'];
};


/** One person's tracking data: every resource is a field */
export type UserEventsArgs = {
  categoryId?: InputMaybe<Scalars['UUID']['input']>;
  from?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  tag?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};


/** One person's tracking data: every resource is a field */
export type UserInsightGraphArgs = {
  endDate?: InputMaybe<Scalars['Date']['input']>;
  metric: Scalars['String']['input'];
  mode?: InputMaybe<GraphMode>;
  windowDays?: InputMaybe<Scalars['Int']['input']>;
};


/** One person's tracking data: every resource is a field */
export type UserSuggestionsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<SuggestionStatus>;
};



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
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Category: ResolverTypeWrapper<CategoryModel>;
  CategoryCreateInput: CategoryCreateInput;
  CategoryUpdateInput: CategoryUpdateInput;
  Confidence: Confidence;
  Date: ResolverTypeWrapper<Scalars['Date']['output']>;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  EdgeDirection: EdgeDirection;
  EpisodeCard: ResolverTypeWrapper<EpisodeCardModel>;
  EpisodeDirection: EpisodeDirection;
  Episodes: ResolverTypeWrapper<EpisodesModel>;
  Event: ResolverTypeWrapper<EventModel>;
  EventCreateInput: EventCreateInput;
  EventSource: EventSource;
  EventUpdateInput: EventUpdateInput;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  Goal: ResolverTypeWrapper<GoalMetricReadModel>;
  GoalDirection: GoalDirection;
  GraphMode: GraphMode;
  InsightCenter: ResolverTypeWrapper<InsightCenter>;
  InsightEdge: ResolverTypeWrapper<InsightEdgeModel>;
  InsightGraph: ResolverTypeWrapper<InsightGraphModel>;
  InsightKind: InsightKind;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  JSONObject: ResolverTypeWrapper<Scalars['JSONObject']['output']>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Profile: ResolverTypeWrapper<ProfileModel>;
  ProfileUpdateInput: ProfileUpdateInput;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Suggestion: ResolverTypeWrapper<SuggestionReadModel>;
  SuggestionKind: SuggestionKind;
  SuggestionPage: ResolverTypeWrapper<SuggestionPageParentModel>;
  SuggestionSource: SuggestionSource;
  SuggestionStatus: SuggestionStatus;
  UUID: ResolverTypeWrapper<Scalars['UUID']['output']>;
  User: ResolverTypeWrapper<UserParentModel>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Boolean: Scalars['Boolean']['output'];
  Category: CategoryModel;
  CategoryCreateInput: CategoryCreateInput;
  CategoryUpdateInput: CategoryUpdateInput;
  Date: Scalars['Date']['output'];
  DateTime: Scalars['DateTime']['output'];
  EpisodeCard: EpisodeCardModel;
  Episodes: EpisodesModel;
  Event: EventModel;
  EventCreateInput: EventCreateInput;
  EventUpdateInput: EventUpdateInput;
  Float: Scalars['Float']['output'];
  Goal: GoalMetricReadModel;
  InsightCenter: InsightCenter;
  InsightEdge: InsightEdgeModel;
  InsightGraph: InsightGraphModel;
  Int: Scalars['Int']['output'];
  JSONObject: Scalars['JSONObject']['output'];
  Mutation: Record<PropertyKey, never>;
  Profile: ProfileModel;
  ProfileUpdateInput: ProfileUpdateInput;
  Query: Record<PropertyKey, never>;
  String: Scalars['String']['output'];
  Suggestion: SuggestionReadModel;
  SuggestionPage: SuggestionPageParentModel;
  UUID: Scalars['UUID']['output'];
  User: UserParentModel;
};

export type CategoryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Category'] = ResolversParentTypes['Category']> = {
  color?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  iconKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export interface DateScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Date'], any> {
  name: 'Date';
}

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

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

export type EventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Event'] = ResolversParentTypes['Event']> = {
  booleanValue?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  category?: Resolver<Maybe<ResolversTypes['Category']>, ParentType, ContextType>;
  clientId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  duration?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  encryptedPayload?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  localDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  metadata?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  notes?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  scalarValue?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  source?: Resolver<ResolversTypes['EventSource'], ParentType, ContextType>;
  tags?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type GoalResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Goal'] = ResolversParentTypes['Goal']> = {
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  category?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  direction?: Resolver<ResolversTypes['GoalDirection'], ParentType, ContextType>;
  isSet?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  target?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  valueField?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type InsightCenterResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InsightCenter'] = ResolversParentTypes['InsightCenter']> = {
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type InsightEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InsightEdge'] = ResolversParentTypes['InsightEdge']> = {
  confidence?: Resolver<ResolversTypes['Confidence'], ParentType, ContextType>;
  direction?: Resolver<ResolversTypes['EdgeDirection'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['InsightKind'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lag?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
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

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  createCategory?: Resolver<ResolversTypes['Category'], ParentType, ContextType, RequireFields<MutationCreateCategoryArgs, 'input'>>;
  createEvent?: Resolver<ResolversTypes['Event'], ParentType, ContextType, RequireFields<MutationCreateEventArgs, 'input'>>;
  deleteCategory?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteCategoryArgs, 'id'>>;
  deleteEvent?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteEventArgs, 'id'>>;
  updateCategory?: Resolver<ResolversTypes['Category'], ParentType, ContextType, RequireFields<MutationUpdateCategoryArgs, 'id' | 'input'>>;
  updateEvent?: Resolver<ResolversTypes['Event'], ParentType, ContextType, RequireFields<MutationUpdateEventArgs, 'id' | 'input'>>;
  updateProfile?: Resolver<ResolversTypes['Profile'], ParentType, ContextType, RequireFields<MutationUpdateProfileArgs, 'input'>>;
};

export type ProfileResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Profile'] = ResolversParentTypes['Profile']> = {
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  timezone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totpEnabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  me?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
  user?: Resolver<ResolversTypes['User'], ParentType, ContextType, RequireFields<QueryUserArgs, 'id'>>;
};

export type SuggestionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Suggestion'] = ResolversParentTypes['Suggestion']> = {
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
  source?: Resolver<ResolversTypes['SuggestionSource'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['SuggestionStatus'], ParentType, ContextType>;
  summary?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  windowEnd?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  windowStart?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type SuggestionPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SuggestionPage'] = ResolversParentTypes['SuggestionPage']> = {
  items?: Resolver<Array<ResolversTypes['Suggestion']>, ParentType, ContextType>;
  pendingCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export interface UuidScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['UUID'], any> {
  name: 'UUID';
}

export type UserResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = {
  categories?: Resolver<Array<ResolversTypes['Category']>, ParentType, ContextType>;
  episodes?: Resolver<ResolversTypes['Episodes'], ParentType, ContextType, RequireFields<UserEpisodesArgs, 'windowDays'>>;
  event?: Resolver<Maybe<ResolversTypes['Event']>, ParentType, ContextType, RequireFields<UserEventArgs, 'id'>>;
  events?: Resolver<Array<ResolversTypes['Event']>, ParentType, ContextType, RequireFields<UserEventsArgs, 'limit' | 'offset'>>;
  goals?: Resolver<Array<ResolversTypes['Goal']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  insightGraph?: Resolver<ResolversTypes['InsightGraph'], ParentType, ContextType, RequireFields<UserInsightGraphArgs, 'metric' | 'mode' | 'windowDays'>>;
  profile?: Resolver<ResolversTypes['Profile'], ParentType, ContextType>;
  suggestions?: Resolver<ResolversTypes['SuggestionPage'], ParentType, ContextType, RequireFields<UserSuggestionsArgs, 'limit' | 'offset' | 'status'>>;
};

export type Resolvers<ContextType = GraphQLContext> = {
  Category?: CategoryResolvers<ContextType>;
  Date?: GraphQLScalarType;
  DateTime?: GraphQLScalarType;
  EpisodeCard?: EpisodeCardResolvers<ContextType>;
  Episodes?: EpisodesResolvers<ContextType>;
  Event?: EventResolvers<ContextType>;
  Goal?: GoalResolvers<ContextType>;
  InsightCenter?: InsightCenterResolvers<ContextType>;
  InsightEdge?: InsightEdgeResolvers<ContextType>;
  InsightGraph?: InsightGraphResolvers<ContextType>;
  JSONObject?: GraphQLScalarType;
  Mutation?: MutationResolvers<ContextType>;
  Profile?: ProfileResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Suggestion?: SuggestionResolvers<ContextType>;
  SuggestionPage?: SuggestionPageResolvers<ContextType>;
  UUID?: GraphQLScalarType;
  User?: UserResolvers<ContextType>;
};

