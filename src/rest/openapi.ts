import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Route } from './route.ts';
import { isConditionalWrite } from './versions.ts';

/** OpenAPI 3.1 built from the same zod schemas the services validate with. */
type JsonSchema = Record<string, unknown>;

const refFor = (id: string) => `#/components/schemas/${id}`;

/**
 * zod puts registered subschemas of a standalone conversion under a local `$defs`; in an
 * OpenAPI document every schema lives in components, so `$defs` are hoisted there and their
 * refs rewritten.
 */
function hoistDefs(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const { $defs, $schema: _ignored, ...rest } = schema as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [id, def] of Object.entries($defs ?? {})) components[id] ??= hoistDefs(def, components);
  return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
}

function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: refFor(id) };
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return hoistDefs(converted, components);
}

function componentSchemas(routes: Route[], extraInputs: z.ZodType[]): Record<string, JsonSchema> {
  const requestIds = new Set(
    [...routes.flatMap((r) => [r.body, r.query]), ...extraInputs].map((s) => (s ? z.globalRegistry.get(s)?.id : undefined)),
  );
  const convert = (io: 'input' | 'output') =>
    z.toJSONSchema(z.globalRegistry, { io, unrepresentable: 'any', uri: refFor, target: 'draft-2020-12' }).schemas as Record<
      string,
      JsonSchema
    >;
  const inputs = convert('input');
  const outputs = convert('output');
  const merged: Record<string, JsonSchema> = {};
  for (const id of Object.keys(outputs)) {
    const { $schema: _ignored, $id: _id, ...schema } = requestIds.has(id) ? inputs[id] : outputs[id];
    merged[id] = schema;
  }
  return merged;
}

const ETAG_HEADER = {
  description: 'The resource\'s version ("12"), as in the changes feed: send it back as If-Match to write only that version',
  schema: { type: 'string' },
};

const IF_MATCH = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'Write only if the resource is still at this version (its ETag, "12"; * for any): otherwise 412 with the current resource, and nothing written. Without it the last writer wins',
  schema: { type: 'string' },
};

const PREFER = {
  name: 'Prefer',
  in: 'header',
  required: false,
  description: 'return=minimal (RFC 7240): answer with counts only, not the created resources (Preference-Applied says it was)',
  schema: { type: 'string', examples: ['return=minimal'] },
};

function parameters(route: Route): JsonSchema[] {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const pathParams = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'user_id' ? { type: 'string', format: 'uuid' } : paramSchema(route.params, name),
  }));
  // Parameters are listed one by one, so the query object is converted inline (an empty registry: no $refs).
  const inline = { io: 'input', unrepresentable: 'any', metadata: z.registry<{ id?: string }>() } as const;
  const query = route.query ? (z.toJSONSchema(route.query, inline) as JsonSchema) : undefined;
  const props = (query?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((query?.required ?? []) as string[]);
  const queryParams = Object.entries(props).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name) && !('default' in schema),
    schema,
  }));
  return [
    ...pathParams,
    ...queryParams,
    ...(route.version && isConditionalWrite(route.method) ? [IF_MATCH] : []),
    ...(route.minimal ? [PREFER] : []),
  ];
}

function paramSchema(params: z.ZodObject | undefined, name: string): JsonSchema {
  const shape: Record<string, z.ZodType> | undefined = params?.shape;
  const field = shape?.[name];
  if (!field) return { type: 'string' };
  const { $schema: _ignored, ...rest } = z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed request body (bad JSON, corrupt compression, nested too deeply)',
  401: 'Missing, invalid or expired credentials',
  403: 'The token may not do this (another user, read-only, or not an interactive session)',
  404: 'No such resource for this user',
  409: 'Conflict with the current state (already decided, already exists, idempotency key reused)',
  410: 'The cursor is older than the changes kept: read everything again (resync_required)',
  412: 'If-Match did not match: the resource is at another version (current is in the body); nothing was written',
  413: 'Request body too large',
  415: 'Request body must be application/json',
  422: 'Validation error',
  429: 'Too many attempts; retry after the Retry-After seconds',
  503: 'Database unavailable; retry shortly',
};

const ERROR_SCHEMAS: Record<number, string> = { 410: 'ResyncRequired', 412: 'VersionConflict', 422: 'HTTPValidationError' };
const errorBody = (status: number) => ({ $ref: refFor(ERROR_SCHEMAS[status] ?? 'ErrorDetail') });

/** Every status an operation can answer: the success ones it declares, and the errors its shape and `errors` imply. */
function errorStatuses(route: Route): number[] {
  const statuses = new Set<number>([422, 503, ...(route.errors ?? [])]);
  if (route.access !== 'public') [401, 403].forEach((s) => statuses.add(s));
  if (route.params) statuses.add(404);
  // Writes spend the user's write budget (src/core/write-budget.ts).
  if (route.access === 'write') statuses.add(429);
  if (route.body) [400, 413, 415].forEach((s) => statuses.add(s));
  if (route.version && isConditionalWrite(route.method)) statuses.add(412);
  return [...statuses].sort();
}

const LINK_HEADER = {
  description: 'While more follow: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same query with the cursor of the next page',
  schema: { type: 'string' },
};

const PREFERENCE_APPLIED = {
  description: 'return=minimal when the answer is the minimal one (the request said Prefer: return=minimal)',
  schema: { type: 'string' },
};

function responses(route: Route, components: Record<string, JsonSchema>): JsonSchema {
  const out: JsonSchema = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    out[status] =
      status === '304'
        ? { description: 'Not modified: the If-None-Match ETag is still current' }
        : route.produces
          ? { description: 'Success', content: { [route.produces]: { schema: { type: 'string', contentMediaType: route.produces } } } }
          : schema
            ? {
                description: 'Success',
                ...(route.version ? { headers: { ETag: ETAG_HEADER } } : {}),
                ...(route.paged ? { headers: { Link: LINK_HEADER } } : {}),
                ...(route.minimal && status === '200' ? { headers: { 'Preference-Applied': PREFERENCE_APPLIED } } : {}),
                content: {
                  'application/json': {
                    schema:
                      route.minimal && status === '200'
                        ? { oneOf: [toSchema(schema, 'output', components), toSchema(route.minimal, 'output', components)] }
                        : toSchema(schema, 'output', components),
                  },
                },
              }
            : { description: 'Success, no content' };
  }
  for (const status of errorStatuses(route)) {
    out[status] = {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error',
      ...(status === 401
        ? {
            headers: {
              'WWW-Authenticate': {
                description: 'Bearer, with resource_metadata (RFC 9728) and error="invalid_token" when a token was given',
                schema: { type: 'string' },
              },
            },
          }
        : {}),
      ...(status === 403
        ? {
            headers: {
              'WWW-Authenticate': {
                description: 'Bearer error="insufficient_scope", scope="write" when the token is read-only',
                schema: { type: 'string' },
              },
            },
          }
        : {}),
      ...(status === 412 ? { headers: { ETag: ETAG_HEADER } } : {}),
      ...(status === 429 || status === 503
        ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
        : {}),
      content: { 'application/json': { schema: errorBody(status) } },
    };
  }
  return out;
}

/** A body is required only when the route cannot take an empty one (all-optional bodies may be left out). */
const bodyRequired = (body: z.ZodType) => !body.safeParse({}).success;

const TAGS: Record<string, string> = {
  auth: 'Sign-in, TOTP, sessions, password, personal access tokens and the agents approved through OAuth',
  profile: "The user's email, timezone, capture language and two-factor status",
  categories: 'Categories that events can belong to',
  food: 'Food items (search, barcode lookup, editing with propagation to meals) and saved meals',
  events: 'Logged events: tags, durations, values, encrypted payloads; client_id makes creates idempotent',
  'log-captures': 'Free-text captures parsed in the background into suggestions',
  suggestions: 'The inbox: suggestions awaiting accept or dismiss',
  metrics: 'Metric types, bulk ingest of readings, definitions with ranked sources and automations',
  days: 'Daily summaries: resolved metric values, factors and goal progress per local day',
  goals: 'Standing daily goals per metric',
  insights: 'Deterministic insights computed at query time: the metric-centred graph and episodes',
  'tracking-timers': 'Running timers that become events when stopped',
  'event-sources': 'Where data comes from, each can be switched off; calendar feeds (iCalendar URLs) added, synced and deleted',
  'encryption key': "The user's wrapped data key, stored and never unwrapped",
  places: 'Places and their visits, location samples with stay detection, and the location history',
  routines: 'Routines (named checklists by time of day) and their completions, logged as events',
  calendar:
    'Events read from calendar feeds (iCalendar), synced every 15 minutes or on demand; recurring events expanded from 30 days back to 90 ahead',
  narratives:
    'Stored weekly narratives (Monday to Sunday, most recent first), written by the configured language model or posted from elsewhere, and the weekly digest they are written from',
  changes:
    'Incremental sync: what changed since a cursor (upserts and deletions, one per-user version sequence), for offline-first clients',
  archive:
    "The whole account as one ZIP (export), the readings as a FHIR R4 Bundle (export/fhir), and such an archive, or another app's CSV, brought into an account (import)",
  charts:
    "The owner's data drawn as SVG: a metric's line (gaps and the goal's band), sparkline and calendar heatmap, a tag's and a goal's heatmap; deterministic bytes with an ETag, in the user's language",
  shares:
    'Share links: a scoped, read-only report for someone without an account, with an expiry, an optional password and view limit; the owner lists and revokes them here, a visitor opens /s/{token}',
  reminders:
    "Reminders at local times on an RRULE's days that go out only when needed (nothing logged yet, a goal still open), through a webhook, ntfy or Web Push, once per due time across DST and workers; their history, and Done and Snooze links (/r/{token})",
  imports:
    'Files from other apps (location histories, Apple Health, CSVs, account archives) uploaded, read in the background in constant memory, with progress and counts',
  webhooks:
    'Events posted to your URLs as they happen (signed as Standard Webhooks say), retried for a day, with every try listed; an ntfy preset',
  'web-push':
    "Browsers registered for push notifications (Web Push: RFC 8030, payloads encrypted as RFC 8291's aes128gcm, signed with the server's VAPID key, RFC 8292): the key a page subscribes with, the subscriptions, a test push",
  erasure: 'Erase the data and keep the account, or delete the account: one transaction, confirmed with the password',
  experiments: 'n-of-1 experiments: an intervention switched on and off on a schedule, and its effect on a day summary column',
  operations: 'Liveness and readiness',
};

/** The plain express endpoints, described here because they are not in the route table. */
const OPERATIONAL_PATHS = {
  '/healthz': {
    get: {
      summary: 'The process is up',
      tags: ['operations'],
      operationId: 'get_healthz',
      security: [],
      responses: {
        200: {
          description: 'Up',
          content: { 'application/json': { schema: { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] } } },
        },
      },
    },
  },
  '/readyz': {
    get: {
      summary: 'The database is reachable',
      tags: ['operations'],
      operationId: 'get_readyz',
      security: [],
      responses: {
        200: {
          description: 'Ready',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { status: { const: 'ok' }, database: { const: 'reachable' } },
                required: ['status', 'database'],
              },
            },
          },
        },
        503: { description: ERROR_DESCRIPTIONS[503], content: { 'application/json': { schema: errorBody(503) } } },
      },
    },
  },
};

/**
 * The schemas the document uses: those a `$ref` in `paths` reaches, directly or through other
 * schemas. Every zod schema with a `meta({ id })` is in the global registry, but a query schema is
 * listed as parameters, never referenced, and an unreferenced component is noise to readers and
 * client generators (and a warning to linters).
 */
function referencedOnly(paths: JsonSchema, schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const used = new Set<string>();
  const pending = [paths];
  while (pending.length) {
    for (const m of JSON.stringify(pending.pop()).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      if (used.has(m[1]) || !schemas[m[1]]) continue;
      used.add(m[1]);
      pending.push(schemas[m[1]]);
    }
  }
  return Object.fromEntries(Object.entries(schemas).filter(([id]) => used.has(id)));
}

/**
 * The licence the package declares (package.json `license`: an SPDX expression, or npm's
 * `UNLICENSED`, no licence granted), as OpenAPI's info.license with its SPDX identifier (a
 * `LicenseRef-` one for UNLICENSED, which SPDX has no id for). Read from the file, which sits two
 * levels up from src/rest and dist/rest alike.
 */
function license(): JsonSchema {
  const { license } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { license?: string };
  if (!license) throw new Error('package.json declares no license');
  if (license === 'UNLICENSED')
    return { name: 'UNLICENSED: no licence is granted, all rights reserved', identifier: 'LicenseRef-UNLICENSED' };
  return { name: license, identifier: license };
}

/** Endpoints outside the route table (OAuth), documented by their own module. */
export type ExtraPaths = { paths: Record<string, Record<string, JsonSchema>>; requestSchemas: z.ZodType[]; tags: Record<string, string> };

export function buildOpenApi(routes: Route[], extra: ExtraPaths = { paths: {}, requestSchemas: [], tags: {} }): JsonSchema {
  const components = componentSchemas(routes, extra.requestSchemas);
  const paths: Record<string, Record<string, JsonSchema>> = { ...OPERATIONAL_PATHS, ...extra.paths };
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path][route.method] = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method}_${route.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+/g, '_')}`,
      'x-access': route.access,
      ...(route.access === 'public' ? { security: [] } : {}),
      parameters: parameters(route),
      ...(route.consumes
        ? {
            requestBody: {
              required: true,
              content: { [route.consumes]: { schema: { type: 'string', contentMediaType: route.consumes } } },
            },
          }
        : route.body
          ? {
              requestBody: {
                required: bodyRequired(route.body),
                content: { 'application/json': { schema: toSchema(route.body, 'input', components) } },
              },
            }
          : {}),
      responses: responses(route, components),
    };
  }
  const usedTags = new Set(['operations', ...Object.keys(extra.tags), ...routes.map((r) => r.tag)]);
  const tagDescriptions: Record<string, string> = { ...TAGS, ...extra.tags };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lifetrack personal tracking service',
      version: '0.1.0',
      description: 'Personal tracking data, insights and an inbox of suggestions. Errors are {"detail": ...}.',
      license: license(),
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: [...usedTags].map((name) => ({ name, description: tagDescriptions[name] ?? name })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: referencedOnly(paths, {
        ...components,
        ErrorDetail: {
          type: 'object',
          required: ['detail'],
          properties: { detail: { type: 'string', description: 'A sentence a person can read' } },
        },
        ResyncRequired: {
          type: 'object',
          required: ['detail', 'resync_required'],
          properties: { detail: { type: 'string' }, resync_required: { const: true } },
        },
        VersionConflict: {
          type: 'object',
          required: ['detail', 'current_version', 'current'],
          properties: {
            detail: { type: 'string' },
            current_version: { type: ['integer', 'null'], description: "The resource's version now (its ETag); null when it is gone" },
            current: { type: ['object', 'null'], description: 'The resource as its GET shows it now; null when it is gone' },
          },
        },
        HTTPValidationError: {
          type: 'object',
          required: ['detail'],
          properties: {
            detail: {
              type: 'array',
              items: {
                type: 'object',
                required: ['loc', 'msg', 'type'],
                properties: {
                  loc: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
                  msg: { type: 'string' },
                  type: { type: 'string' },
                },
              },
            },
          },
        },
      }),
    },
    security: [{ bearer: [] }],
    paths,
  };
}
