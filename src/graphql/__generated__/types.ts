import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { UserParent } from '../mappers.ts';
import type { ProfileRead } from '../../domain/users/users.schemas.ts';
import type { CategoryRead } from '../../domain/categories/categories.schemas.ts';
import type { EventRead } from '../../domain/events/events.schemas.ts';
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
  DateTime: { input: string; output: string; }
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

/** Where an event came from */
export type EventSource =
  | 'automation'
  | 'import'
  | 'suggestion'
  | 'timer'
  | 'user';

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

/** One person's tracking data: every resource is a field */
export type User = {
  __typename?: 'User';
  /** Categories, by name */
  categories: Array<Category>;
  /** Events, newest first; from/to take a date (local day, inclusive) or a date-time (to is exclusive) */
  events: Array<Event>;
  /** The user's id */
  id: Scalars['UUID']['output'];
  /** Email, timezone and two-factor status */
  profile: Profile;
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
  Category: ResolverTypeWrapper<CategoryRead>;
  Date: ResolverTypeWrapper<Scalars['Date']['output']>;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  Event: ResolverTypeWrapper<EventRead>;
  EventSource: EventSource;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  JSONObject: ResolverTypeWrapper<Scalars['JSONObject']['output']>;
  Profile: ResolverTypeWrapper<ProfileRead>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  UUID: ResolverTypeWrapper<Scalars['UUID']['output']>;
  User: ResolverTypeWrapper<UserParent>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Boolean: Scalars['Boolean']['output'];
  Category: CategoryRead;
  Date: Scalars['Date']['output'];
  DateTime: Scalars['DateTime']['output'];
  Event: EventRead;
  Float: Scalars['Float']['output'];
  Int: Scalars['Int']['output'];
  JSONObject: Scalars['JSONObject']['output'];
  Profile: ProfileRead;
  Query: Record<PropertyKey, never>;
  String: Scalars['String']['output'];
  UUID: Scalars['UUID']['output'];
  User: UserParent;
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

export interface JsonObjectScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSONObject'], any> {
  name: 'JSONObject';
}

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

export interface UuidScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['UUID'], any> {
  name: 'UUID';
}

export type UserResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = {
  categories?: Resolver<Array<ResolversTypes['Category']>, ParentType, ContextType>;
  events?: Resolver<Array<ResolversTypes['Event']>, ParentType, ContextType, RequireFields<UserEventsArgs, 'limit' | 'offset'>>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  profile?: Resolver<ResolversTypes['Profile'], ParentType, ContextType>;
};

export type Resolvers<ContextType = GraphQLContext> = {
  Category?: CategoryResolvers<ContextType>;
  Date?: GraphQLScalarType;
  DateTime?: GraphQLScalarType;
  Event?: EventResolvers<ContextType>;
  JSONObject?: GraphQLScalarType;
  Profile?: ProfileResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  UUID?: GraphQLScalarType;
  User?: UserResolvers<ContextType>;
};

