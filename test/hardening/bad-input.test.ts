import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Response } from 'supertest';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { snapshot } from '../helpers/snapshot.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * Bad input, generated from /openapi.json for every operation that takes any: wrong types, missing
 * fields, huge strings, deep nesting, invalid ids and dates, unknown enum values, NaN, duplicate
 * keys, non-JSON and the wrong content type. Every answer must be a documented 4xx (server.api()
 * checks each one against the document), a 422 must name the field that was wrong, and no row may
 * change. A route added later is swept without touching this file.
 */
let server: IsolatedServer;
let owner: TestUser;
withIsolatedServer((f) => ({ server, owner } = f));

type Schema = Record<string, any>;
type Param = { name: string; in: 'path' | 'query'; schema: Schema };
type Operation = { parameters?: Param[]; requestBody?: { content: Record<string, { schema: Schema } | undefined> } };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const tried = new Map<string, number>();

/** Routes whose junk could still succeed without any input (no body fields, no parameters) are not here: they take none. */
function operations(doc: Doc) {
  const out: { label: string; method: string; path: string; op: Operation }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    // The OAuth endpoints answer as RFC 6749 says (form bodies, redirects back to the client, an HTML page): test/oauth.
    if (path.startsWith('/oauth/')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const params = (op.parameters ?? []).filter((p) => p.name !== 'user_id');
      if (!params.length && !op.requestBody) continue;
      out.push({ label: `${method.toUpperCase()} ${path}`, method, path, op });
    }
  }
  return out;
}

// Query strings arrive as text: a coercing validator tells which strings the document calls invalid.
const QUERY_JUNK = fc.oneof(
  fc.constantFrom(
    'abc',
    '1.5',
    '-1',
    '1e400',
    'NaN',
    'Infinity',
    '99999999999999999999',
    '2026-02-30',
    '2026-13-01',
    '2026-11-23T25:61:00Z',
    'yesterday',
    'not-a-uuid',
    'maybe',
    '%00',
    '\u{1F4A5}',
    "' or 1=1 --",
    'x'.repeat(5000),
    'bogus_value',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.integer().map(String),
);

const deep = (levels: number): unknown => (levels ? { a: deep(levels - 1) } : 1);
const BODY_JUNK = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
  fc.constantFrom(
    'not-a-uuid',
    '2026-02-30',
    '2026-11-23T25:61:00Z',
    'bogus_value',
    'x'.repeat(300_000),
    deep(40),
    Number.MAX_SAFE_INTEGER * 4,
    -1e300,
    '\u0000',
    ['\u0000'],
  ),
);

function statusOk(res: Response, label: string, sent: unknown) {
  if (res.status < 400 || res.status >= 500) {
    throw new Error(`${label} answered ${res.status} to ${JSON.stringify(sent)?.slice(0, 200)}: ${res.text?.slice(0, 300)}`);
  }
}

function expectLoc(res: Response, prefix: (string | number)[], label: string, sent: unknown) {
  if (res.status !== 422) return;
  const locs: unknown[][] = res.body.detail.map((d: { loc: unknown[] }) => d.loc);
  const hit = locs.some((loc) => prefix.every((p, i) => loc[i] === p));
  if (!hit)
    throw new Error(
      `${label}: 422 for ${JSON.stringify(sent)?.slice(0, 200)} names ${JSON.stringify(locs)}, not ${JSON.stringify(prefix)}`,
    );
}

test('every operation answers malformed parameters and bodies with a documented 4xx, names the field, and changes nothing', async () => {
  const doc = (await server.api().get('/openapi.json')).body as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  const coercing = new Ajv2020({ strict: false, allErrors: true, coerceTypes: true });
  addFormats(ajv);
  addFormats(coercing);
  ajv.addSchema({ ...doc, $id: 'openapi' });
  coercing.addSchema({ ...doc, $id: 'openapi' });
  const resolve = (s: Schema): Schema => (s.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()!]) : s);

  for (const { label, method, path, op } of operations(doc)) {
    let count = 0;
    const params = op.parameters ?? [];
    const url = (pathValues: Record<string, string> = {}, query = '') =>
      path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'user_id' ? owner.id : (pathValues[name] ?? randomUUID()))) + query;
    const send = (target: string) => server.api()[method as 'post'](target).set(owner.auth);
    const before = await snapshot(server);

    // Path parameters of the wrong shape (ids, dates, slugs), as the document describes them.
    for (const p of params.filter((p) => p.in === 'path' && p.name !== 'user_id')) {
      const check = coercing.compile({ $id: `p:${label}:${p.name}`, type: 'object', properties: { v: p.schema } });
      for (const bad of [
        'not-a-uuid',
        '123',
        '00000000-0000-0000-0000-00000000000g',
        '2026-02-30',
        '-1',
        'x'.repeat(300),
        '%00',
        "'%20or%201=1",
      ]) {
        const res = await send(url({ [p.name]: bad }));
        count++;
        statusOk(res, label, { [p.name]: bad });
        if (!check({ v: decodeURIComponent(bad) })) expectLoc(res, ['path', p.name], label, bad);
      }
    }

    // Each query parameter given a value the document calls invalid, or given twice.
    for (const p of params.filter((p) => p.in === 'query')) {
      const check = coercing.compile({ $id: `q:${label}:${p.name}`, type: 'object', properties: { v: p.schema } });
      await fc.assert(
        fc.asyncProperty(QUERY_JUNK, async (v) => {
          if (check({ v })) return; // a value this parameter accepts: not junk for it
          const res = await send(url({}, `?${p.name}=${encodeURIComponent(v)}`));
          count++;
          statusOk(res, label, { [p.name]: v });
          expectLoc(res, ['query', p.name], label, v);
        }),
        { numRuns: 8 },
      );
      const twice = await send(url({}, `?${p.name}=1&${p.name}=2`));
      count++;
      statusOk(twice, label, `${p.name} twice`);
    }

    // A file body (an account archive): bytes that are not such a file, or another type, are a documented 4xx too.
    const fileType = Object.keys(op.requestBody?.content ?? {}).find((t) => t !== 'application/json');
    if (fileType) {
      for (const [type, text] of [
        [fileType, 'not a file of that type'],
        [fileType, ''],
        ['application/json', '{}'],
        ['text/plain', 'x'],
      ]) {
        const res = await send(url()).set('Content-Type', type).send(text);
        count++;
        statusOk(res, label, `${type}: ${text}`);
      }
    }

    const schema = op.requestBody?.content['application/json']?.schema;
    if (schema) {
      const validBody = ajv.getSchema(`openapi#/components/schemas/${schema.$ref?.split('/').pop()}`) ?? ajv.compile(schema);
      const root = resolve(schema);
      const props = Object.keys(root.properties ?? {});

      // One field of the wrong type, size or format at a time; the answer must point at it.
      if (props.length) {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...props), BODY_JUNK, async (prop, junk) => {
            const v = JSON.parse(JSON.stringify(junk ?? null)); // what the wire carries: NaN and Infinity become null
            void validBody({ [prop]: v }); // synchronous: its result is read from .errors below
            const wrong = (validBody.errors ?? []).some((e) => e.instancePath === `/${prop}` || e.instancePath.startsWith(`/${prop}/`));
            if (!wrong) return; // a value this field accepts: not junk for it
            const res = await send(url()).send({ [prop]: v });
            count++;
            statusOk(res, label, { [prop]: v });
            expectLoc(res, ['body', prop], label, { [prop]: v });
          }),
          { numRuns: 40 },
        );
      }

      // Not an object at all, missing required fields.
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.array(fc.integer(), { maxLength: 3 }), fc.boolean(), fc.constant({})),
          async (v) => {
            if (validBody(v)) return;
            const res = await send(url()).set('Content-Type', 'application/json').send(JSON.stringify(v));
            count++;
            statusOk(res, label, v);
          },
        ),
        { numRuns: 6 },
      );

      // Text that is not JSON, or not the JSON it claims, or not JSON's content type.
      const first = props[0] ?? 'x';
      const raw: [string, string][] = [
        ['application/json', 'not json'],
        ['application/json', '{"a":'],
        ['application/json', `${'['.repeat(200)}${']'.repeat(200)}`],
        ['application/json', `{"${first}": NaN}`],
        ['application/json', `{"${first}": Infinity}`],
        ['application/json', `{"${first}": "ok", "${first}": {"x": [1, {"y": null}]}, "${first}": [[[[]]]]}`],
        ['application/json', `"${'x'.repeat(2 * 1024 * 1024)}"`],
        ['text/plain', '{}'],
        ['application/x-www-form-urlencoded', `${first}=1`],
        ['application/xml', '<a/>'],
      ];
      for (const [type, text] of raw) {
        const res = await send(url()).set('Content-Type', type).send(text);
        count++;
        statusOk(res, label, `${type}: ${text.slice(0, 60)}`);
      }
    }

    expect({ label, tables: await snapshot(server) }).toEqual({ label, tables: before });
    tried.set(label, count);
  }

  const lines = [...tried].map(([label, n]) => `${String(n).padStart(5)}  ${label}`);
  const total = [...tried.values()].reduce((a, b) => a + b, 0);
  process.stdout.write(`\nbad-input sweep: ${total} requests over ${tried.size} operations\n${lines.join('\n')}\n`);
  expect(tried.size).toBeGreaterThan(40);
}, 600_000);
