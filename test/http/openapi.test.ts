import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** The served document is what third-party tools (validators, client generators, Swagger UI) read. */
let server: HttpServer;
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

test('every component schema is used: reached by a $ref from the paths, directly or through other schemas', async () => {
  const doc = await served();
  const used = new Set<string>();
  const pending: unknown[] = [doc.paths];
  while (pending.length) {
    for (const [, id] of JSON.stringify(pending.pop()).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      if (used.has(id)) continue;
      used.add(id);
      pending.push(doc.components.schemas[id]);
    }
  }
  expect(used.size).toBeGreaterThan(50);
  // Query schemas, registered for their ids, are listed as parameters and were components nothing used.
  expect(Object.keys(doc.components.schemas).filter((id) => !used.has(id))).toEqual([]);
});

test("info.license is the package's licence", async () => {
  const doc = (await server.api().get('/openapi.json')).body as { info: { license?: { name: string; identifier?: string } } };
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { license: string };
  expect(pkg.license).toBeTruthy();
  expect(doc.info.license?.identifier).toBe(pkg.license === 'UNLICENSED' ? 'LicenseRef-UNLICENSED' : pkg.license);
  expect(doc.info.license?.name).toContain(pkg.license);
});

test('the served document passes `npm run lint:openapi` (Redocly, recommended rules: no error, no warning); a warning fails it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  const lint = (doc: unknown) => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    return new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(process.execPath, ['test/tools/lint-openapi.ts', file], { timeout: 60_000 }, (err, stdout) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout }),
      ),
    );
  };
  try {
    const doc = await served();
    const clean = await lint(doc);
    expect(clean.stdout).toContain('OpenAPI lint (redocly.yaml): 0 errors, 0 warnings');
    expect(clean.code).toBe(0);
    const unused = structuredClone(doc);
    unused.components.schemas.NobodyRefersToMe = { type: 'object' };
    const warned = await lint(unused);
    expect(warned.stdout).toMatch(/warn no-unused-components at #\/components\/schemas\/NobodyRefersToMe/);
    expect(warned.stdout).toContain('0 errors, 1 warnings');
    expect(warned.code).toBe(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
