import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { expect422, expectError } from '../helpers/expect.ts';
import { codeAt } from '../helpers/totp.ts';

/**
 * Attempts are counted before they are checked, so a burst of concurrent guesses gets no more
 * checks than the limit allows. The server trusts one proxy hop, so each test speaks from its own
 * address (X-Forwarded-For) and its per-address budget starts fresh.
 */
let server: SharedServer;
withSharedServer((s) => (server = s));
withSharedServer((s) => (server = s));

let lastOctet = 0;
const newAddress = () => `198.51.100.${++lastOctet}`;

const BURST = 200;
const burst = (send: () => Promise<Response>) => Promise.all(Array.from({ length: BURST }, send));
const statuses = (all: Response[]) => all.map((r) => r.status);

function expectLimited(res: Response): void {
  expectError(res, 429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(900);
}

const login = (from: string, email: string, password: string) =>
  server.api().post('/auth/login').set('X-Forwarded-For', from).send({ email, password });

/** A six-digit code that is none of the ones accepted right now (±1 step). */
async function wrongCode(secret: string): Promise<string> {
  const valid = new Set(await Promise.all([-1, 0, 1].map((s) => codeAt(secret, s))));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

async function enrol(u: TestUser): Promise<string> {
  const secret = (await server.api().post('/auth/totp/setup').set(u.auth)).body.secret as string;
  expect(
    (
      await server
        .api()
        .post('/auth/totp/enable')
        .set(u.auth)
        .send({ code: await codeAt(secret, -1) })
    ).status,
  ).toBe(200);
  return secret;
}

test(`${BURST} concurrent wrong passwords for one account: at most 10 are checked, then even the right one is 429`, async () => {
  const u = await signUp(server);
  const from = newAddress();
  const all = await burst(() => login(from, u.email, 'wrong password'));
  const checked = all.filter((r) => r.status === 401);
  expect(checked.length).toBeGreaterThan(0);
  expect(checked.length).toBeLessThanOrEqual(10);
  expect(checked.length + all.filter((r) => r.status === 429).length).toBe(BURST);
  all.filter((r) => r.status === 429).forEach(expectLimited);

  expectLimited(await login(from, u.email, u.password));
  // The account is locked from any address, not only the one that guessed.
  expectLimited(await login(newAddress(), u.email, u.password));
});

test('one address spraying many accounts is stopped at 50 attempts; other addresses are not', async () => {
  const from = newAddress();
  // Five guesses each at 14 accounts: no account reaches its limit, the address does.
  const emails = Array.from({ length: 14 }, () => `nobody-${randomUUID().slice(0, 8)}@example.com`);
  const all = await Promise.all(emails.flatMap((email) => Array.from({ length: 5 }, () => login(from, email, 'guess-guess'))));
  const counts = statuses(all);
  expect(counts.filter((s) => s === 401).length).toBeLessThanOrEqual(50);
  expect(counts.filter((s) => s === 429).length).toBeGreaterThanOrEqual(70 - 50);
  expect(counts.filter((s) => s !== 401 && s !== 429)).toEqual([]);

  const u = await signUp(server);
  expectLimited(await login(from, u.email, u.password));
  expect((await login(newAddress(), u.email, u.password)).status).toBe(200);
});

test('a successful login forgets the account failures and gives back its address attempt', async () => {
  const u = await signUp(server);
  const from = newAddress();
  for (let i = 0; i < 9; i++) expectError(await login(from, u.email, 'wrong password'), 401);
  expect((await login(from, u.email, u.password)).status).toBe(200);
  for (let i = 0; i < 10; i++) expectError(await login(from, u.email, 'wrong password'), 401);
  expectLimited(await login(from, u.email, u.password));
  // 9 + 10 failures and the one success given back: 19 attempts counted, and one more 429.
  const [row] = await server.sql<{ attempts: number }>(`select attempts from auth_attempts where key = $1`, [`address:${from}`]);
  expect(row.attempts).toBe(20);
});

test(`${BURST} concurrent wrong codes on one pending_token: at most 5 are checked; the right code then fails too`, async () => {
  const u = await signUp(server);
  const secret = await enrol(u);
  const from = newAddress();
  const pending = (await login(from, u.email, u.password)).body.pending_token as string;
  const wrong = await wrongCode(secret);
  const verify = (code: string) =>
    server.api().post('/auth/totp/verify').set('X-Forwarded-For', from).send({ pending_token: pending, code });

  const all = await burst(() => verify(wrong));
  const incorrect = all.filter((r) => r.status === 401 && r.body.detail === 'Incorrect authentication code');
  const expired = all.filter((r) => r.status === 401 && /expired/.test(r.body.detail));
  const limited = all.filter((r) => r.status === 429);
  expect(incorrect.length).toBeGreaterThan(0);
  expect(incorrect.length).toBeLessThanOrEqual(5);
  expect(incorrect.length + expired.length + limited.length).toBe(BURST);
  limited.forEach(expectLimited);

  const right = await verify(await codeAt(secret));
  expect([401, 429]).toContain(right.status);
  const [row] = await server.sql<{ failed_attempts: number; used_at: string | null }>(
    `select failed_attempts, used_at from pending_logins where user_id = $1`,
    [u.id],
  );
  expect(row).toEqual({ failed_attempts: 5, used_at: null });
});

test('TOTP codes count per user across sign-ins: a fresh pending_token does not buy more guesses', async () => {
  const u = await signUp(server);
  const secret = await enrol(u);
  const wrong = await wrongCode(secret);
  const verify = async () => {
    const pending = (await login(newAddress(), u.email, u.password)).body.pending_token;
    return server.api().post('/auth/totp/verify').set('X-Forwarded-For', newAddress()).send({ pending_token: pending, code: wrong });
  };
  for (let i = 0; i < 10; i++) expectError(await verify(), 401);
  expectLimited(await verify());
});

test(`${BURST} concurrent wrong codes on TOTP enable: at most 10 are checked, then the right code is 429`, async () => {
  const u = await signUp(server);
  const secret = (await server.api().post('/auth/totp/setup').set(u.auth)).body.secret as string;
  const wrong = await wrongCode(secret);
  const all = await burst(() => server.api().post('/auth/totp/enable').set(u.auth).send({ code: wrong }));
  const checked = all.filter((r) => r.status === 422);
  expect(checked.length).toBeGreaterThan(0);
  expect(checked.length).toBeLessThanOrEqual(10);
  checked.forEach((r) => expect422(r, ['body', 'code']));
  expect(checked.length + all.filter((r) => r.status === 429).length).toBe(BURST);

  expectLimited(
    await server
      .api()
      .post('/auth/totp/enable')
      .set(u.auth)
      .send({ code: await codeAt(secret) }),
  );
  expect((await server.api().get('/auth/me').set(u.auth)).body.totp_enabled).toBe(false);
});

test('TOTP disable is throttled the same way', async () => {
  const u = await signUp(server);
  const secret = await enrol(u);
  const wrong = await wrongCode(secret);
  for (let i = 0; i < 10; i++) expect422(await server.api().post('/auth/totp/disable').set(u.auth).send({ code: wrong }), ['body', 'code']);
  expectLimited(
    await server
      .api()
      .post('/auth/totp/disable')
      .set(u.auth)
      .send({ code: await codeAt(secret) }),
  );
  expect((await server.api().get('/auth/me').set(u.auth)).body.totp_enabled).toBe(true);
});

test(`${BURST} concurrent wrong current passwords: at most 10 are checked, and login shares the lock`, async () => {
  const u = await signUp(server);
  const from = newAddress();
  const change = (current_password: string) =>
    server.api().post('/auth/password').set(u.auth).set('X-Forwarded-For', from).send({ current_password, new_password: 'a new password' });
  const all = await burst(() => change('wrong password'));
  const checked = all.filter((r) => r.status === 422);
  expect(checked.length).toBeGreaterThan(0);
  expect(checked.length).toBeLessThanOrEqual(10);
  expect(checked.length + all.filter((r) => r.status === 429).length).toBe(BURST);

  expectLimited(await change(u.password));
  expectLimited(await login(newAddress(), u.email, u.password));
});

test(`registration: ${BURST} concurrent attempts from one address, valid or not, get at most 50 answers`, async () => {
  const from = newAddress();
  const all = await burst(() => server.api().post('/auth/register').set('X-Forwarded-For', from).send({ email: 'bad' }));
  const counts = statuses(all);
  expect(counts.filter((s) => s === 422).length).toBe(50);
  expect(counts.filter((s) => s === 429).length).toBe(BURST - 50);
  const limited = all.find((r) => r.status === 429)!;
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
});

test('expired windows start over, and old rows are swept when new windows open', async () => {
  const u = await signUp(server);
  const from = newAddress();
  // This test's windows only: other files share the database, and a sweep clears at most 100 rows.
  const others = (await server.sql<{ key: string }>(`select key from auth_attempts`)).map((r) => r.key);
  for (let i = 0; i < 11; i++) await login(from, u.email, 'wrong password');
  expectLimited(await login(from, u.email, u.password));
  // Let this test's windows end, as if fifteen minutes had passed.
  await server.sql(`update auth_attempts set window_ends = now() - interval '1 second' where not (key = any($1::text[]))`, [others]);
  expect((await login(from, u.email, u.password)).status).toBe(200);
  const rows = await server.sql<{ key: string }>(
    `select key from auth_attempts where window_ends < now() and not (key = any($1::text[]))`,
    [others],
  );
  expect(rows).toEqual([]);
});

describe('one spelling of an address for lookup, storage and the guess budget', () => {
  test('every spelling that finds the account spends its one budget: case and full-width forms', async () => {
    const u = await signUp(server);
    const [local, domain] = u.email.split('@');
    const fullWidth = [...local].map((c) => (/[a-z]/.test(c) ? String.fromCharCode(c.charCodeAt(0) - 0x61 + 0xff41) : c)).join('');
    const spellings = [u.email, u.email.toUpperCase(), ` ${u.email} `, `${fullWidth}@${domain}`];
    // Each spelling signs in as the account.
    for (const email of spellings) expect((await login(newAddress(), email, u.password)).status).toBe(200);
    // Ten wrong guesses across the spellings (each from a fresh address) use up the account's budget.
    for (let i = 0; i < 10; i++) expectError(await login(newAddress(), spellings[i % spellings.length], 'wrong password'), 401);
    for (const email of spellings) expectLimited(await login(newAddress(), email, u.password));
  });

  test('an address that lower-cases differently (Turkish dotted capital İ) is another address: it neither signs in nor spends the budget', async () => {
    const email = `alice-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'correct horse battery';
    expect((await server.api().post('/auth/register').send({ email, password })).status).toBe(201);
    const dotted = email.replace('alice', 'alİce');
    for (let i = 0; i < 10; i++) expectError(await login(newAddress(), dotted, password), 401);
    expect((await login(newAddress(), email, password)).status).toBe(200);
  });

  test('registering under another spelling of a taken address makes no second account: the answer says nothing, the old password still signs in', async () => {
    const u = await signUp(server);
    const res = await server.api().post('/auth/register').send({ email: u.email.toUpperCase(), password: 'long enough pass' });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(u.id);
    expect((await login(newAddress(), u.email, u.password)).body.user_id).toBe(u.id);
    expectError(await login(newAddress(), u.email.toUpperCase(), 'long enough pass'), 401);
  });
});
