import { z } from 'zod';
import type { Route } from './route.ts';

/** OpenAPI 3.1 built from the same zod schemas the services validate with. */
type JsonSchema = Record<string, unknown>;

const refFor = (id: string) => `#/components/schemas/${id}`;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: refFor(id) };
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

function componentSchemas(routes: Route[]): Record<string, JsonSchema> {
  const requestIds = new Set(
    routes.flatMap((r) => [r.body, r.query]).map((s) => (s ? z.globalRegistry.get(s)?.id : undefined)),
  );
  const convert = (io: 'input' | 'output') =>
    z.toJSONSchema(z.globalRegistry, { io, unrepresentable: 'any', uri: refFor, target: 'draft-2020-12' })
      .schemas as Record<string, JsonSchema>;
  const inputs = convert('input');
  const outputs = convert('output');
  const merged: Record<string, JsonSchema> = {};
  for (const id of Object.keys(outputs)) {
    const { $schema: _ignored, $id: _id, ...schema } = requestIds.has(id) ? inputs[id]! : outputs[id]!;
    merged[id] = schema;
  }
  return merged;
}

function parameters(route: Route): JsonSchema[] {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
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
  return [...pathParams, ...queryParams];
}

function paramSchema(params: z.ZodObject | undefined, name: string): JsonSchema {
  const field = params?.shape[name];
  if (!field) return { type: 'string' };
  const { $schema: _ignored, ...rest } = z.toJSONSchema(field as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const ERROR_BODY = { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] };
const VALIDATION_BODY = { $ref: refFor('HTTPValidationError') };

function responses(route: Route): JsonSchema {
  const out: JsonSchema = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    out[status] = schema
      ? { description: 'Success', content: { 'application/json': { schema: toSchema(schema, 'output') } } }
      : { description: 'Success, no content' };
  }
  out['422'] = { description: 'Validation error', content: { 'application/json': { schema: VALIDATION_BODY } } };
  if (route.access !== 'public') {
    out['401'] = { description: 'Missing or invalid token', content: { 'application/json': { schema: ERROR_BODY } } };
    out['403'] = { description: 'Token not allowed here', content: { 'application/json': { schema: ERROR_BODY } } };
  }
  if (route.params) out['404'] = { description: 'Not found', content: { 'application/json': { schema: ERROR_BODY } } };
  return out;
}

export function buildOpenApi(routes: Route[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method}_${route.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+/g, '_')}`,
      'x-access': route.access,
      ...(route.access === 'public' ? { security: [] } : {}),
      parameters: parameters(route),
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } } }
        : {}),
      responses: responses(route),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lifetrack personal tracking service',
      version: '0.1.0',
      description: 'Personal tracking data, insights and an inbox of suggestions. Errors are {"detail": ...}.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        ...componentSchemas(routes),
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
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
