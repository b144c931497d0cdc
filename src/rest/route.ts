import type { Readable, Writable } from 'node:stream';
import type { z } from 'zod';
import type { Actor } from '../core/actor.ts';
import type { Versioned } from './versions.ts';

/**
 * Who may call an operation. Every route must say it (the route-table test walks them all):
 * - public: no token;
 * - read: any valid token of the path's user (read-only PATs and OAuth tokens too);
 * - write: a token with write scope;
 * - account: an interactive session only (managing credentials is not for API tokens).
 */
type Access = 'public' | 'read' | 'write' | 'account';

/**
 * What a handler gets. The body and query are as the client sent them, typed as the route's
 * schemas' input so the service call reads as the service declares it: the service parses them
 * (its runtime check is the one that counts, for GraphQL and MCP too).
 */
type RouteRequest<B = unknown, Q = Record<string, unknown>> = {
  actor: Actor;
  params: Record<string, string>;
  query: Q;
  body: B;
  ip: string;
  /** The request's path, without its query: where a Link to the next page points. */
  path: string;
  /** The request body as it arrives, for a route that `consumes` a file instead of JSON, and its Content-Type. */
  upload: Readable;
  contentType: string | undefined;
  /** The client sent `Prefer: return=minimal` (RFC 7240) to a route that declares a `minimal` answer. */
  minimal: boolean;
};

/**
 * What a handler answers: a JSON body, or (`stream`) bytes it writes itself to the response, for
 * a route that `produces` a file too large to hold (the account export).
 */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string>; stream?: (out: Writable) => Promise<void> };

export type Route = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI-style path, e.g. /users/{user_id}/events/{event_id}. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  /** Path parameters other than user_id, validated before the handler runs. */
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Largest accepted body (inflated), in express's notation; default 1mb. */
  bodyLimit?: string;
  /** A file body (its media type) the handler reads as it arrives, instead of JSON. */
  consumes?: string;
  /**
   * Also HTTP Basic credentials whose password is a personal access token (the username is not
   * read): for an app that can only be given a username and password (OwnTracks).
   */
  basicAuth?: true;
  /**
   * A long list paged by cursor: its 200 carries `Link: <…?cursor=…>; rel="next"` while more follow
   * (the body is the bare array the spec fixes); /openapi.json says so.
   */
  paged?: true;
  /** A paged list's GraphQL twin by cursor (`User.eventsPage`: items and pageInfo), beside the plain list field `graphql` names. */
  graphqlPage?: `User.${string}Page`;
  /** The media type of a 200 that is a file (`stream` replies), instead of JSON. */
  produces?: string;
  /**
   * The answer to `Prefer: return=minimal` (RFC 7240), in place of the 200's: the handler sees
   * `minimal`, the reply carries `Preference-Applied: return=minimal`, and /openapi.json says both.
   */
  minimal?: z.ZodType;
  /** Documented responses by status; null means no body. */
  responses: Record<number, z.ZodType | null>;
  /**
   * Error statuses this route answers beyond those its shape implies (401/403 for a token,
   * 404 for path ids, 400/413/415 for a body, 422, 503): e.g. 409 for a conflict, 429 where
   * throttled, 401 on a public sign-in. /openapi.json declares them and the tests hold it to that.
   */
  errors?: number[];
  /**
   * The GraphQL field doing the same through the same service: `Mutation.createEvent` for a
   * write, `User.events` for a read. Every /users/{user_id} route and /metric-types names one
   * (the schema-walk test holds both sides to it); credential routes under /auth and files (a route
   * that `produces` or `consumes` one: GraphQL speaks JSON) are REST-only, though one may name the field
   * that gives its URL (`User.tagChart`).
   */
  graphql?: `Mutation.${string}` | `User.${string}`;
  /**
   * One resource with a version (the changes feed's): its answers carry an ETag, and a PATCH or
   * PUT with If-Match runs only at that version (412 with the current resource otherwise).
   */
  version?: Versioned;
  // A method signature (bivariant), so a route() with typed inputs is a Route.
  handler(req: RouteRequest): Promise<Reply>;
};

type InputOf<S, Otherwise> = S extends z.ZodType ? z.input<S> : Otherwise;

/** A route whose handler sees its body and query typed from the route's own schemas. */
export function route<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  r: Omit<Route, 'body' | 'query' | 'handler'> & {
    body?: B;
    query?: Q;
    handler: (req: RouteRequest<InputOf<B, unknown>, InputOf<Q, Record<string, unknown>>>) => Promise<Reply>;
  },
): Route {
  return r as Route;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
/** Taken on, to happen in the background (a webhook delivery): the body says how to follow it. */
export const accepted = (body: unknown): Reply => ({ status: 202, body });
export const noContent = (): Reply => ({ status: 204 });
/** 201 for a new resource, 200 when an idempotent replay returned the existing one. */
export const createdOrReplayed = (wasCreated: boolean, body: unknown): Reply => ({ status: wasCreated ? 201 : 200, body });
