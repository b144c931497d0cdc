import { withServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import {
  REDIRECT_URI,
  backLinkParams,
  exchange,
  pkce,
  redirectParams,
  registerClient,
  submitAuthorize,
  type AuthorizeFields,
} from '../helpers/oauth.ts';
import { codeAt } from '../helpers/totp.ts';

/**
 * GET and POST /oauth/authorize over plain HTTP: the page and its headers, request errors (shown
 * or redirected), the form's outcomes (approve, deny, wrong credentials, TOTP), throttling.
 * The same page in a real browser: consent-page.browser.test.ts.
 */
let server: SharedServer;
let owner: TestUser;
let clientId: string;
withServer((f) => ({ server, owner } = f));
beforeAll(async () => {
  clientId = await registerClient(server, [REDIRECT_URI], 'Agent <b>Smith</b>');
});

const request = (): AuthorizeFields => ({
  client_id: clientId,
  redirect_uri: REDIRECT_URI,
  response_type: 'code',
  code_challenge: pkce().challenge,
  state: 'xyz "quoted"',
  scope: 'read',
});
/** The value attribute of the named input in the page. */
const valueOf = (html: string, name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

test('the page: its fields, escaped client name, headers that keep it from caches, frames and scripts', async () => {
  const fields = request();
  const res = await server.api().get('/oauth/authorize').query(fields);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-frame-options']).toBe('DENY');
  const csp = res.headers['content-security-policy'];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain(`form-action 'self' http://127.0.0.1:9`);
  expect(csp).not.toContain('script-src');
  const html = res.text;
  expect(html).toContain('<html lang="en">');
  expect(html).toContain('Agent &lt;b&gt;Smith&lt;/b&gt;');
  expect(html).not.toContain('<b>Smith</b>');
  expect(html).toMatch(/read-only/);
  expect(html).toContain('<label for="email">');
  expect(html).toContain('autocomplete="username"');
  expect(html).toContain('<label for="password">');
  expect(html).toContain('autocomplete="current-password"');
  expect(html).toContain('role="alert"');
  expect(html).not.toContain('name="totp_code"');
  expect(html).toContain('value="approve"');
  expect(html).toContain('value="deny" formnovalidate');
  expect(html).not.toMatch(/<script|<link|src="http/);
  expect(valueOf(html, 'state')).toBe('xyz &quot;quoted&quot;');
  expect(valueOf(html, 'code_challenge')).toBe(fields.code_challenge);
});

test('errors before the client and redirect URI are known are shown; after, the page links back with the state, never redirecting by itself', async () => {
  const unknown = await server
    .api()
    .get('/oauth/authorize')
    .query({ ...request(), client_id: '00000000-0000-4000-8000-000000000000' });
  expect(unknown.status).toBe(400);
  expect(unknown.text).toContain('role="alert"');
  expect(unknown.text).toContain('unknown client_id');
  const noRedirect = await server
    .api()
    .get('/oauth/authorize')
    .query({ ...request(), redirect_uri: '' });
  expect(noRedirect.status).toBe(400);
  const prefix = await server
    .api()
    .get('/oauth/authorize')
    .query({ ...request(), redirect_uri: `${REDIRECT_URI}/x` });
  expect(prefix.status).toBe(400);

  const token = await server
    .api()
    .get('/oauth/authorize')
    .query({ ...request(), response_type: 'token' });
  expect(token.status).toBe(400);
  expect(token.headers.location).toBeUndefined();
  expect(token.text).toContain(`Return to the application (${new URL(REDIRECT_URI).host})`);
  const params = backLinkParams(token);
  expect(params.get('error')).toBe('unsupported_response_type');
  expect(params.get('state')).toBe('xyz "quoted"');
  expect(params.get('iss')).toBe(server.url);
  expect(token.headers['cache-control']).toBe('no-store');
  const twice = await server.api().get(`/oauth/authorize?client_id=${clientId}&client_id=${clientId}`);
  expect(twice.status).toBe(400);
});

test('approve: a code and the state back to the redirect URI; the code exchanges once', async () => {
  const { verifier, challenge } = pkce();
  const res = await submitAuthorize(server, { ...request(), code_challenge: challenge, email: owner.email, password: owner.password });
  const params = redirectParams(res);
  expect(res.headers.location.startsWith(`${REDIRECT_URI}?`)).toBe(true);
  expect(params.get('state')).toBe('xyz "quoted"');
  expect(params.get('iss')).toBe(server.url);
  const code = params.get('code')!;
  expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect((await exchange(server, { clientId, code, verifier, redirectUri: REDIRECT_URI })).status).toBe(200);
});

test("the spec's defaults: action approve, code_challenge_method S256, scope and resource optional", async () => {
  const { state: _s, scope: _scope, ...bare } = request();
  const res = await submitAuthorize(server, { ...bare, email: owner.email, password: owner.password });
  const params = redirectParams(res);
  expect(params.get('code')).toBeTruthy();
  expect(params.has('state')).toBe(false);
});

test('an action other than approve or deny goes back as invalid_request; an empty one approves', async () => {
  expect(redirectParams(await submitAuthorize(server, { ...request(), action: 'maybe' })).get('error')).toBe('invalid_request');
  const empty = await submitAuthorize(server, { ...request(), action: '', email: owner.email, password: owner.password });
  expect(redirectParams(empty).get('code')).toBeTruthy();
});

test('deny: error=access_denied with the state, no credentials needed', async () => {
  const res = await submitAuthorize(server, { ...request(), action: 'deny' });
  const params = redirectParams(res);
  expect(params.get('error')).toBe('access_denied');
  expect(params.get('state')).toBe('xyz "quoted"');
  expect(params.get('code')).toBeNull();
});

test('wrong or missing credentials: the page again with the error, the other fields kept, no password echoed', async () => {
  const fields = request();
  const wrong = await submitAuthorize(server, { ...fields, email: owner.email, password: 'not the password' });
  expect(wrong.status).toBe(400);
  expect(wrong.text).toMatch(/role="alert"[^>]*>Incorrect email or password/);
  expect(valueOf(wrong.text, 'email')).toBe(owner.email);
  expect(valueOf(wrong.text, 'password')).toBe('');
  expect(wrong.text).not.toContain('not the password');
  for (const k of ['client_id', 'redirect_uri', 'code_challenge', 'response_type', 'scope'] as const)
    expect(valueOf(wrong.text, k)).toBe(fields[k]);
  expect(valueOf(wrong.text, 'code_challenge_method')).toBe('S256');

  const missing = await submitAuthorize(server, { ...fields, email: owner.email });
  expect(missing.status).toBe(400);
  expect(missing.text).toContain('Enter your email and password');
  const nobody = await submitAuthorize(server, { ...fields, email: 'nobody@example.com', password: 'whatever it is' });
  expect(nobody.text).toContain('Incorrect email or password');
});

test('an account with TOTP: the code field appears, a wrong or replayed code is refused, the right one approves', async () => {
  const u = await signUp(server);
  const setup = await server.api().post('/auth/totp/setup').set(u.auth);
  const secret = setup.body.secret as string;
  await server
    .api()
    .post('/auth/totp/enable')
    .set(u.auth)
    .send({ code: await codeAt(secret, -1) })
    .expect(200);
  const fields = { ...request(), email: u.email, password: u.password };

  const ask = await submitAuthorize(server, fields);
  expect(ask.status).toBe(200);
  expect(ask.text).toContain('name="totp_code"');
  expect(ask.text).toContain('autocomplete="one-time-code"');
  expect(ask.text).toContain('<label for="totp_code">');
  expect(valueOf(ask.text, 'password')).toBe(u.password);

  const bad = await submitAuthorize(server, { ...fields, totp_code: '000000' === (await codeAt(secret)) ? '111111' : '000000' });
  expect(bad.status).toBe(400);
  expect(bad.text).toContain('Incorrect authentication code');
  const wrongPassword = await submitAuthorize(server, { ...fields, password: 'wrong password!', totp_code: await codeAt(secret) });
  expect(wrongPassword.text).toContain('Incorrect email or password');

  const good = await submitAuthorize(server, { ...fields, totp_code: await codeAt(secret) });
  expect(redirectParams(good).get('code')).toBeTruthy();
  // The same code again (replay) is refused, as at /auth/totp/verify.
  const replay = await submitAuthorize(server, { ...fields, totp_code: await codeAt(secret) });
  expect(replay.status).toBe(400);
  expect(replay.text).toContain('Incorrect authentication code');
});

test('password guesses share the login throttle: 429 with Retry-After, on the page', async () => {
  const u = await signUp(server);
  let last: Awaited<ReturnType<typeof submitAuthorize>> | undefined;
  for (let i = 0; i < 11; i++) last = await submitAuthorize(server, { ...request(), email: u.email, password: `wrong password ${i}` });
  expect(last!.status).toBe(429);
  expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  expect(last!.text).toMatch(/role="alert"[^>]*>Too many sign-in attempts/);
  // The account's budget is the one /auth/login spends.
  expect((await server.api().post('/auth/login').send({ email: u.email, password: u.password })).status).toBe(429);
  await server.sql(`delete from auth_attempts`);
});
