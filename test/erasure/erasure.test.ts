import { expect422, expectError } from '../helpers/expect.ts';
import { gqlData, gqlError } from '../helpers/graphql.ts';
import { withServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { ingestOk, reading } from '../metrics/support.ts';
import { codeAt } from '../helpers/totp.ts';

/** Own server: the tests walk the database's tables and queue jobs of their own. */
let server: SharedServer;
let bystander: TestUser;
withServer((f) => ({ server, other: bystander } = f));

/** Rows per table of the schema that has a user column (users by its id), for one user. */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const tables = await server.sql<{ table_name: string }>(
    `select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'user_id'`,
  );
  const out: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [{ n }] = await server.sql<{ n: string }>(`select count(*) as n from ${table_name} where user_id = $1`, [userId]);
    out[table_name] = Number(n);
  }
  const [{ n }] = await server.sql<{ n: string }>(`select count(*) as n from users where id = $1`, [userId]);
  out.users = Number(n);
  const [{ jobs }] = await server.sql<{ jobs: string }>(`select count(*) as jobs from pgboss.job where data->>'user_id' = $1`, [userId]);
  out['pgboss.job'] = Number(jobs);
  return out;
}

/**
 * A bystander's rows, but for the service's own queue of what it announces: due checks (5 s after a
 * write) become events while the test runs, whoever is erased meanwhile.
 */
async function keptOf(userId: string): Promise<Record<string, number>> {
  const { outbox_checks: _checks, outbox_events: _events, ...rest } = await rowsOf(userId);
  return rest;
}

/** A user with something in every area: the rows erasure must find. Answers the ids of the jobs it queued. */
async function livedIn(user: TestUser): Promise<string[]> {
  const api = (method: 'post' | 'put', path: string, body: object) => {
    const agent = server.api();
    const req = method === 'put' ? agent.put(`/users/${user.id}${path}`) : agent.post(`/users/${user.id}${path}`);
    return req.set(user.auth).send(body);
  };
  const cat = await api('post', '/categories', { name: 'Walks' });
  const food = await api('post', '/food-items', { name: 'Oats', serving_size_g: 40, nutrients_per_100g: { energy_kcal: 380 } });
  const meal = await api('post', '/saved-meals', { name: 'Breakfast', items: [{ food_item_id: food.body.id, servings: 1 }] });
  await api('post', '/events', { category_id: cat.body.id, notes: 'park', saved_meal_id: meal.body.id });
  const capture = await api('post', '/log-captures', { text: 'walked 3000 steps' });
  await ingestOk(server, user, [reading({ value: 4200 })]);
  await api('put', '/goals/steps', { target: 8000, direction: 'at_least' });
  const place = await api('post', '/places', { name: 'Home', lat: 52.5, lng: 13.4, radius_m: 80 });
  await api('post', `/places/${place.body.id}/visits`, { occurred_at: '2026-03-01T08:00:00Z' });
  // Samples have no foreign key to the user (the samples_owner_lock migration): erasure must find them itself.
  await api('post', '/locations', { samples: [{ recorded_at: '2026-03-01T08:05:00Z', lat: 52.5, lng: 13.4 }] });
  await api('post', '/routines', { name: 'Morning', time_of_day: 'morning', items: ['stretch'] });
  await api('post', '/tracking-timers', { label: 'reading' });
  await api('post', '/narratives', { period_start: '2026-11-09', narrative_text: 'A week.' });
  await api('put', '/encryption-key', { kdf_salt: 'c2FsdA==', verifier: 'dmVy', wrapped_dek: 'ZGVr', kdf_params: {} });
  // Jobs waiting for later, as a capture parse queued behind others would be: one naming the user as
  // `user_id`, and ones naming them only under other keys, or only by one of their rows' ids.
  const sources = (await server.api().get(`/users/${user.id}/event-sources`).set(user.auth)).body as { id: string; kind: string }[];
  const calendar = sources.find((s) => s.kind === 'calendar')!;
  const later = { startAfter: 3600 };
  return (await Promise.all([
    server.queueJob('captures.parse', { capture_id: user.id, user_id: user.id }, later),
    server.queueJob('captures.parse', { capture_id: capture.body.id }, later),
    server.queueJob('calendar.sync-source', { userId: user.id, sourceId: calendar.id }, later),
    server.queueJob('calendar.sync-source', { sourceId: calendar.id }, later),
    server.queueJob('captures.parse', { retry: { of: [{ owner: user.id }] } }, later),
  ])) as string[];
}

/** Which of these jobs are still in pg-boss's table. */
async function jobsLeft(ids: string[]): Promise<string[]> {
  return (await server.sql<{ id: string }>(`select id::text as id from pgboss.job where id = any($1::uuid[])`, [ids])).map((r) => r.id);
}

const ACCOUNT_TABLES = ['users', 'sessions', 'pending_logins', 'access_tokens', 'oauth_grants', 'oauth_codes', 'oauth_refresh_tokens'];

test('erase-data: every data row of the user goes in one step, the account stays as a new one starts, other users keep everything', async () => {
  const u = await signUp(server);
  const jobs = await livedIn(u);
  const bystanderJobs = await livedIn(bystander);
  const cursor = (await server.api().get(`/users/${u.id}/changes`).set(u.auth)).body.next_cursor as string;
  const before = await rowsOf(u.id);
  expect(Object.entries(before).filter(([, n]) => n > 0).length).toBeGreaterThan(15);
  const bystanderBefore = await keptOf(bystander.id);

  const url = `/users/${u.id}/erase-data`;
  expect422(await server.api().post(url).set(u.auth).send({}), ['body', 'password']);
  expect422(await server.api().post(url).set(u.auth).send({ password: 'not it' }), ['body', 'password']);
  expect422(await server.api().post(url).set(u.auth).send({ password: u.password, totp_code: '12' }), ['body', 'totp_code']);
  const pat = await server.api().post('/auth/tokens').set(u.auth).send({ name: 'app', scope: 'write' });
  expectError(
    await server
      .api()
      .post(url)
      .set({ Authorization: `Bearer ${pat.body.token}` })
      .send({ password: u.password }),
    403,
  );
  expectError(await server.api().post(`/users/${bystander.id}/erase-data`).set(u.auth).send({ password: u.password }), 403);
  expect(await rowsOf(u.id)).toEqual({ ...before, access_tokens: before.access_tokens + 1 });

  const erased = await server.api().post(url).set(u.auth).send({ password: u.password });
  expect(erased.status).toBe(200);
  expect(erased.body).toMatchObject({
    erased: 'data',
    rows: expect.objectContaining({ events: 1, health_metrics: 1, places: 1, place_visits: 1, location_samples: 1, 'pgboss.job': 6 }),
  });
  // Every job that named the user, under any key or by one of their rows, is gone; the bystander's stay.
  expect(await jobsLeft(jobs)).toEqual([]);
  expect((await jobsLeft(bystanderJobs)).sort()).toEqual([...bystanderJobs].sort());

  // What is left is the account and the defaults every new account gets, row for row.
  const fresh = await rowsOf((await signUp(server)).id);
  const after = await rowsOf(u.id);
  for (const [table, n] of Object.entries(after)) {
    if (ACCOUNT_TABLES.includes(table)) expect([table, n]).toEqual([table, before[table] + (table === 'access_tokens' ? 1 : 0)]);
    else if (table !== 'change_counters') expect([table, n]).toEqual([table, fresh[table]]);
  }
  expect(await keptOf(bystander.id)).toEqual(bystanderBefore);

  // Still signed in; a device's old cursor must read everything again.
  expect((await server.api().get(`/users/${u.id}/profile`).set(u.auth)).status).toBe(200);
  const stale = await server.api().get(`/users/${u.id}/changes`).query({ since: cursor }).set(u.auth);
  expect(stale.status).toBe(410);
  expect(stale.body.resync_required).toBe(true);
  expect((await server.api().get(`/users/${u.id}/events`).set(u.auth)).body).toEqual([]);
});

test('DELETE /users/{id}: no row of the user is left in any table, their token stops working, the operator keeps a record without personal data', async () => {
  const u = await signUp(server);
  const jobs = await livedIn(u);
  await server.api().post('/auth/tokens').set(u.auth).send({ name: 'app', scope: 'read' });
  const bystanderBefore = await keptOf(bystander.id);

  expect422(await server.api().delete(`/users/${u.id}`).set(u.auth).send({ password: 'wrong' }), ['body', 'password']);
  const gone = await server.api().delete(`/users/${u.id}`).set(u.auth).send({ password: u.password });
  expect(gone.status).toBe(204);

  const left = await rowsOf(u.id);
  expect(Object.entries(left).filter(([, n]) => n > 0)).toEqual([]);
  expect(await jobsLeft(jobs)).toEqual([]);
  expect(await keptOf(bystander.id)).toEqual(bystanderBefore);
  expectError(await server.api().get(`/users/${u.id}/profile`).set(u.auth), 401);
  // The address can sign up again: nothing of the old account holds it.
  expect((await server.api().post('/auth/register').send({ email: u.email, password: u.password })).status).toBe(201);

  const [record] = await server.sql<{ erased: string; rows: Record<string, number> }>(
    `select erased, rows from erasures where erased = 'account' order by erased_at desc limit 1`,
  );
  expect(record.rows).toMatchObject({ users: 1, events: 1, location_samples: 1, sessions: expect.any(Number) });
  const all = JSON.stringify(await server.sql(`select * from erasures`));
  expect(all).not.toContain(u.id);
  expect(all).not.toContain(u.email);
});

test('with TOTP on the code is required too; GraphQL erases through the same service, never with an API token', async () => {
  const u = await signUp(server);
  const setup = await server.api().post('/auth/totp/setup').set(u.auth);
  const code = (ahead = 0) => codeAt(setup.body.secret, ahead);
  await server
    .api()
    .post('/auth/totp/enable')
    .set(u.auth)
    .send({ code: await code(-1) })
    .expect(200);
  await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'x' });

  const m = `mutation($input: ErasureInput!) { eraseData(input: $input) { erased rows } }`;
  const missing = await gqlError(server, u, m, { input: { password: u.password } });
  expect(missing).toMatchObject({ code: 'BAD_USER_INPUT', locs: ['input.totpCode'] });
  const pat = await server.api().post('/auth/tokens').set(u.auth).send({ name: 'app', scope: 'write' });
  const withToken = await gqlError(server, { auth: { Authorization: `Bearer ${pat.body.token}` } }, m, {
    input: { password: u.password, totpCode: await code() },
  });
  expect(withToken.code).toBe('FORBIDDEN');

  const done = await gqlData(server, u, m, { input: { password: u.password, totpCode: await code() } });
  expect(done.eraseData).toMatchObject({ erased: 'data', rows: expect.objectContaining({ events: 1 }) });
  expect((await server.api().get(`/users/${u.id}/events`).set(u.auth)).body).toEqual([]);

  const del = `mutation($input: ErasureInput!) { deleteAccount(input: $input) }`;
  expect((await gqlError(server, u, del, { input: { password: u.password, totpCode: '000000' } })).locs).toEqual(['input.totpCode']);
});
