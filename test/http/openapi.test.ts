import SwaggerParser from '@apidevtools/swagger-parser';
import { withServer, type TestServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** The served document is what third-party tools (validators, client generators, Swagger UI) read. */
let server: TestServer;
let owner: TestUser;
withServer((f) => ({ server, owner } = f));

type Doc = {
  paths: Record<
    string,
    Record<string, { requestBody?: { required: boolean }; responses: Record<string, { headers?: Record<string, unknown> }> }>
  >;
  components: { schemas: Record<string, Record<string, unknown>> };
  servers: unknown[];
  tags: { name: string; description: string }[];
};
const served = async () => (await server.api().get('/openapi.json')).body as Doc;

test('the served /openapi.json is a valid OpenAPI 3.1 document', async () => {
  const doc = await served();
  await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
});

test('every schema lives in components and every $ref resolves', async () => {
  const doc = await served();
  const text = JSON.stringify(doc);
  expect(text).not.toContain('$defs');
  const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
  expect(refs.length).toBeGreaterThan(50);
  for (const ref of refs) {
    expect(ref).toMatch(/^#\/components\/schemas\//);
    expect(doc.components.schemas[ref.slice('#/components/schemas/'.length)]).toBeDefined();
  }
});

test('answers that were undeclared before are declared: login 401, accept 409, 401 with WWW-Authenticate', async () => {
  const doc = await served();
  const login = await server.api().post('/auth/login').send({ email: owner.email, password: 'wrong password' });
  expect(login.status).toBe(401);
  expect(doc.paths['/auth/login'].post.responses['401']).toBeDefined();
  expect(doc.paths['/auth/login'].post.responses['429']).toBeDefined();
  expect(doc.paths['/users/{user_id}/suggestions/{suggestion_id}/accept'].post.responses['409']).toBeDefined();
  expect(doc.paths['/users/{user_id}/events'].post.responses['409']).toBeDefined();
  const events = doc.paths['/users/{user_id}/events'];
  expect(events.get.responses['401'].headers).toHaveProperty('WWW-Authenticate');
  for (const status of ['400', '403', '413', '415', '422', '503']) expect(events.post.responses[status]).toBeDefined();
  expect(events.get.responses['413']).toBeUndefined();
});

test('enums and limits are visible: suggestion kind/source/status, event source, capture status and text length', async () => {
  const { schemas } = (await served()).components;
  const prop = (schema: string, field: string) => (schemas[schema].properties as Record<string, Record<string, unknown>>)[field];
  expect(prop('SuggestionRead', 'kind').enum).toEqual(['event', 'metric_reading', 'meal', 'place_visit', 'new_place']);
  expect(prop('SuggestionRead', 'source').enum).toEqual(['log_capture', 'automation', 'location', 'calendar']);
  expect(prop('SuggestionRead', 'status').enum).toEqual(['pending', 'accepted', 'dismissed', 'expired']);
  expect(prop('EventRead', 'source').enum).toEqual(['user', 'suggestion', 'timer', 'automation', 'import']);
  expect(prop('LogCaptureRead', 'status').enum).toEqual(['queued', 'processing', 'parsed', 'failed']);
  expect(prop('EventSourceRead', 'kind').enum).toEqual(['manual', 'health', 'calendar', 'location', 'log_capture', 'import']);
  expect(prop('LogCaptureCreate', 'text')).toEqual(expect.objectContaining({ minLength: 1, maxLength: 2000 }));
});

test('a request body is required only where an empty one is refused; servers and tag descriptions are there', async () => {
  const doc = await served();
  expect(doc.paths['/users/{user_id}/events'].post.requestBody!.required).toBe(false);
  expect(doc.paths['/users/{user_id}/log-captures'].post.requestBody!.required).toBe(true);
  expect(doc.paths['/auth/login'].post.requestBody!.required).toBe(true);
  expect(doc.servers.length).toBeGreaterThan(0);
  const used = new Set(
    Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => (op as { tags?: string[] }).tags ?? [])),
  );
  for (const name of used) {
    const tag = doc.tags.find((t) => t.name === name);
    expect(tag?.description.length).toBeGreaterThan(10);
  }
});

test('the suite checks answers against the document: an undeclared status would fail the test that got it', async () => {
  const { openApiChecker } = await import('../helpers/openapi-check.ts');
  const check = await openApiChecker(server.url);
  const fake = { status: 418, text: '', body: {}, req: { method: 'GET', path: `/users/${owner.id}/events` } };
  expect(() => check(fake as never)).toThrow(/does not declare/);
  const wrongBody = { status: 200, text: '[]', body: [{ id: 'not an event' }], req: { method: 'GET', path: `/users/${owner.id}/events` } };
  expect(() => check(wrongBody as never)).toThrow(/does not match its schema/);
});
