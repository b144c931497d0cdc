import { request as httpRequest, type ClientRequest } from 'node:http';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

let server: HttpServer;
let owner: TestUser;
withServer((f) => ({ server, owner } = f));

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const callTool = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

async function post(token: string, body: unknown) {
  return fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { ...HEADERS, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

/** One stateless call: initialize is not needed for tools/call on this server (no sessions). */
async function tool(token: string, name: string, args: Record<string, unknown>) {
  const res = await post(token, callTool(1, name, args));
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result: { isError?: boolean; content: { text: string }[] } };
  return { isError: body.result.isError === true, json: JSON.parse(body.result.content[0].text) as unknown };
}

test('a JSON-RPC batch is refused with -32600 and runs none of its calls', async () => {
  const res = await post(owner.token, [
    callTool(1, 'get_days', { from: '2026-01-01', to: '2026-01-31' }),
    callTool(2, 'list_categories', {}),
  ]);
  expect(res.status).toBe(400);
  const body = (await res.json()) as { jsonrpc: string; id: null; error: { code: number; message: string } };
  expect(body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/Batches are not supported/) } });
});

test('a single message still works', async () => {
  const { isError, json } = await tool(owner.token, 'list_categories', {});
  expect(isError).toBe(false);
  expect(Array.isArray(json)).toBe(true);
});

test('get_days answers at most 62 days per call, checked before any work, with the loc of the range end', async () => {
  const ok = await tool(owner.token, 'get_days', { from: '2026-01-01', to: '2026-03-03' });
  expect(ok.isError).toBe(false);
  expect(ok.json).toHaveLength(62);
  const over = await tool(owner.token, 'get_days', { from: '2026-01-01', to: '2026-03-04' });
  expect(over.isError).toBe(true);
  expect(over.json).toEqual({
    detail: [{ loc: ['to'], msg: expect.stringMatching(/At most 62 days per call \(this asks for 63\)/), type: 'too_long' }],
  });
});

test('an answer over the per-call budget is a tool error that says how to narrow it', async () => {
  const user = await signUp(server);
  const padding = 'x'.repeat(60_000);
  for (let i = 0; i < 10; i++) {
    const res = await server
      .api()
      .post(`/users/${user.id}/events`)
      .set(user.auth)
      .send({ occurred_at: `2026-01-0${1 + (i % 9)}T10:00:00Z`, tags: ['big'], metadata: { padding } });
    expect(res.status).toBe(201);
  }
  const whole = await tool(user.token, 'search_events', { limit: 10 });
  expect(whole).toEqual({
    isError: true,
    json: { detail: expect.stringMatching(/over the 512 KB one tool call may return: narrow it .* page through it/) },
  });
  const page = await tool(user.token, 'search_events', { limit: 5 });
  expect(page.isError).toBe(false);
  expect(page.json).toHaveLength(5);
});

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

/**
 * A request whose body is still coming: once admitted it holds its place in the credential's calls
 * in flight and is never answered; `answer` settles only if the server answers it anyway (a 429).
 */
function hangingRequest(token: string): { req: ClientRequest; answer: Promise<Answer> } {
  const { port, hostname } = new URL(server.url);
  const req = httpRequest({
    host: hostname,
    port,
    path: '/mcp',
    method: 'POST',
    headers: { ...HEADERS, authorization: `Bearer ${token}`, 'content-length': '1000' },
  });
  req.on('error', () => undefined);
  const answer = new Promise<Answer>((resolve) =>
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body }));
    }),
  );
  req.write('{');
  return { req, answer };
}

/** Posts a call until its answer has the status wanted, for up to a minute (a loaded machine is slow). */
async function postUntil(token: string, status: number): Promise<Response> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await post(token, callTool(1, 'list_categories', {}));
    if (res.status === status || Date.now() > deadline) return res;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('one credential has at most 4 calls in flight; the fifth gets 429 with Retry-After, another credential is not held up', async () => {
  const user = await signUp(server);
  // Five at once: the server admits each (a token lookup) before reading its body, in whatever order
  // those lookups finish, so which one is refused is not known; that exactly one is, is.
  const calls = [1, 2, 3, 4, 5].map(() => hangingRequest(user.token));
  const refused = await Promise.race(calls.map((c, i) => c.answer.then((a) => ({ ...a, i }))));
  expect(refused.status).toBe(429);
  expect(refused.retryAfter).toBe('1');
  expect((JSON.parse(refused.body) as { detail: string }).detail).toMatch(/At most 4 MCP requests of one credential at a time/);
  const held = calls.filter((_, i) => i !== refused.i);
  // The four held are still waiting for their bodies: none has been answered.
  const answered = await Promise.race([
    Promise.any(held.map((c) => c.answer)).then(() => true),
    new Promise((r) => setTimeout(() => r(false), 500)),
  ]);
  expect(answered).toBe(false);
  // A sixth, sent whole, is refused the same way.
  expect((await post(user.token, callTool(1, 'list_categories', {}))).status).toBe(429);
  // The owner's own session is another credential.
  expect((await tool(owner.token, 'list_categories', {})).isError).toBe(false);
  // Ending one frees its place.
  held[0].req.destroy();
  const after = await postUntil(user.token, 200);
  expect(after.status).toBe(200);
  for (const c of held) c.req.destroy();
}, 150_000);
