import { withServer, type HttpServer } from '../helpers/server.ts';
import { expect422, expectError, ISO_UTC } from '../helpers/expect.ts';
import { gqlData, gqlError } from '../helpers/graphql.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

let server: HttpServer;
let u: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner: u, other } = f));

type Change = {
  type: string;
  id: string;
  op: 'upsert' | 'delete';
  version: number;
  changed_at: string;
  data: Record<string, unknown> | null;
};
type Page = { changes: Change[]; next_cursor: string; has_more: boolean };

async function changes(user: TestUser, query: Record<string, string | number> = {}): Promise<Page> {
  const res = await server.api().get(`/users/${user.id}/changes`).query(query).set(user.auth);
  expect(res.status).toBe(200);
  return res.body as Page;
}

/** Follows the feed from `since` to its end, page by page. */
async function readAll(user: TestUser, since?: string, limit = 500): Promise<{ changes: Change[]; cursor: string }> {
  const all: Change[] = [];
  let cursor = since;
  for (;;) {
    const page = await changes(user, { ...(cursor ? { since: cursor } : {}), limit });
    all.push(...page.changes);
    cursor = page.next_cursor;
    if (!page.has_more) return { changes: all, cursor };
  }
}

test('a new account starts with what it was given; each write after a cursor is one change with the resource as GET shows it', async () => {
  const user = await signUp(server);
  const start = await readAll(user);
  // What every account is provisioned with (its profile, its metric definitions, its built-in sources) is its first history.
  expect(start.changes.length).toBeGreaterThan(0);
  expect(new Set(start.changes.map((c) => c.type))).toEqual(new Set(['profile', 'metric_definition', 'event_source']));
  const versions = start.changes.map((c) => c.version);
  expect(versions).toEqual([...versions].sort((a, b) => a - b));

  const cat = await server.api().post(`/users/${user.id}/categories`).set(user.auth).send({ name: 'Walks' });
  const ev = await server.api().post(`/users/${user.id}/events`).set(user.auth).send({ category_id: cat.body.id, notes: 'park' });
  const after = await readAll(user, start.cursor);
  expect(after.changes.map((c) => [c.type, c.id, c.op])).toEqual([
    ['category', cat.body.id, 'upsert'],
    ['event', ev.body.id, 'upsert'],
  ]);
  expect(after.changes[0].data).toEqual(cat.body); // categories have no GET of one: their create answer is the read
  expect(after.changes[1].data).toEqual((await server.api().get(`/users/${user.id}/events/${ev.body.id}`).set(user.auth)).body);
  expect(after.changes[1].version).toBeGreaterThan(after.changes[0].version);
  expect(after.changes[0].version).toBeGreaterThan(versions.at(-1)!);
  expect(after.changes[0].changed_at).toMatch(ISO_UTC);

  // Nothing new: an empty page and the same cursor.
  const idle = await changes(user, { since: after.cursor });
  expect(idle).toEqual({ changes: [], next_cursor: after.cursor, has_more: false });

  // Deleting the category changes the event too (its category_id is cleared): both are reported, the category as a tombstone.
  expect((await server.api().delete(`/users/${user.id}/categories/${cat.body.id}`).set(user.auth)).status).toBe(204);
  const deleted = await readAll(user, after.cursor);
  expect(deleted.changes.map((c) => [c.type, c.op]).sort()).toEqual([
    ['category', 'delete'],
    ['event', 'upsert'],
  ]);
  expect(deleted.changes.find((c) => c.type === 'category')).toMatchObject({ id: cat.body.id, data: null });
  expect(deleted.changes.find((c) => c.type === 'event')!.data).toMatchObject({ id: ev.body.id, category_id: null });

  // From the start, a resource changed three times is there once, at its newest version; the deleted one as its tombstone.
  const whole = await readAll(user);
  const ofEvent = whole.changes.filter((c) => c.id === ev.body.id);
  expect(ofEvent).toHaveLength(1);
  expect(ofEvent[0].version).toBe(deleted.changes.find((c) => c.type === 'event')!.version);
});

test('a write that changes a resource and its parts is one change of it; deleting it with its parts is one delete', async () => {
  const user = await signUp(server);
  const start = await readAll(user);
  const food = (await server.api().post(`/users/${user.id}/food-items`).set(user.auth).send({ name: 'Egg', calories: 70 })).body;
  const meals = `/users/${user.id}/saved-meals`;
  // The meal's row and its item rows are written in one transaction: the items change the meal as its parts.
  const meal = (
    await server
      .api()
      .post(meals)
      .set(user.auth)
      .send({ name: 'Breakfast', items: [{ food_item_id: food.id }] })
  ).body;
  const created = await readAll(user, start.cursor);
  expect(created.changes.map((c) => [c.type, c.id, c.op])).toEqual([
    ['food_item', food.id, 'upsert'],
    ['saved_meal', meal.id, 'upsert'],
  ]);
  expect(created.changes[1].data).toMatchObject({ id: meal.id, items: [expect.objectContaining({ food_item_id: food.id })] });

  // Replacing the items only (their rows deleted and inserted) is one upsert of the meal.
  await server
    .api()
    .patch(`${meals}/${meal.id}`)
    .set(user.auth)
    .send({ items: [{ food_item_id: food.id, servings: 2 }] })
    .expect(200);
  const patched = await readAll(user, created.cursor);
  expect(patched.changes.map((c) => [c.type, c.id, c.op])).toEqual([['saved_meal', meal.id, 'upsert']]);

  // Its items go with it (their deletion changes their meal as a part): the meal is one tombstone, not revived by them.
  expect((await server.api().delete(`${meals}/${meal.id}`).set(user.auth)).status).toBe(204);
  const deleted = await readAll(user, patched.cursor);
  expect(deleted.changes.map((c) => [c.type, c.id, c.op, c.data])).toEqual([['saved_meal', meal.id, 'delete', null]]);
  expect(deleted.changes[0].version).toBeGreaterThan(patched.changes[0].version);
});

test('limit pages through in version order without repeating or skipping; types filters', async () => {
  const user = await signUp(server);
  const { cursor } = await readAll(user);
  const ids: string[] = [];
  for (let i = 0; i < 7; i++)
    ids.push(
      (
        await server
          .api()
          .post(`/users/${user.id}/events`)
          .set(user.auth)
          .send({ notes: `n${i}` })
      ).body.id,
    );
  await server.api().post(`/users/${user.id}/categories`).set(user.auth).send({ name: 'Reading' });

  const first = await changes(user, { since: cursor, limit: 3 });
  expect(first.changes).toHaveLength(3);
  expect(first.has_more).toBe(true);
  const paged = await readAll(user, cursor, 3);
  expect(paged.changes.map((c) => c.id).slice(0, 7)).toEqual(ids);
  expect(paged.changes).toHaveLength(8);

  const onlyCategories = await changes(user, { since: cursor, types: 'category' });
  expect(onlyCategories.changes.map((c) => c.type)).toEqual(['category']);
  const both = await changes(user, { since: cursor, types: 'category, event' });
  expect(both.changes).toHaveLength(8);
});

test('background work is in the feed: a capture parsed by the worker, its suggestions, and the capture read again with them', async () => {
  const user = await signUp(server);
  const { cursor } = await readAll(user);
  const cap = await server
    .api()
    .post(`/users/${user.id}/log-captures`)
    .set(user.auth)
    .send({ text: 'drank 2 coffees and walked 5000 steps' });
  expect(cap.status).toBe(201);
  let feed: Change[] = [];
  for (let i = 0; i < 100; i++) {
    feed = (await readAll(user, cursor)).changes;
    if (feed.some((c) => c.type === 'suggestion')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const suggestion = feed.find((c) => c.type === 'suggestion')!;
  expect(suggestion.data).toEqual((await server.api().get(`/users/${user.id}/suggestions/${suggestion.id}`).set(user.auth)).body);
  expect(suggestion.data).toMatchObject({ status: 'pending' });
  const capture = feed.find((c) => c.type === 'log_capture')!;
  expect(capture.data).toEqual((await server.api().get(`/users/${user.id}/log-captures/${cap.body.id}`).set(user.auth)).body);
});

test('cursors are opaque, checked and bound to their user', async () => {
  const mine = (await changes(u)).next_cursor;
  const theirs = (await changes(other)).next_cursor;
  expect422(await server.api().get(`/users/${u.id}/changes`).query({ since: theirs }).set(u.auth), ['query', 'since']);
  expect422(await server.api().get(`/users/${u.id}/changes`).query({ since: 'not-a-cursor' }).set(u.auth), ['query', 'since']);
  expect422(
    await server
      .api()
      .get(`/users/${u.id}/changes`)
      .query({ since: `${mine}x` })
      .set(u.auth),
    ['query', 'since'],
  );
  expect422(await server.api().get(`/users/${u.id}/changes`).query({ limit: 0 }).set(u.auth), ['query', 'limit']);
  expect422(await server.api().get(`/users/${u.id}/changes`).query({ limit: 1001 }).set(u.auth), ['query', 'limit']);
  expect422(await server.api().get(`/users/${u.id}/changes`).query({ types: 'event,banana' }).set(u.auth), ['query', 'types']);
  expect422(await server.api().get(`/users/${u.id}/changes`).query({ cursor: mine }).set(u.auth), ['query', 'cursor']);
  // Another user's feed is not readable with this token, whatever the cursor.
  expectError(await server.api().get(`/users/${other.id}/changes`).query({ since: theirs }).set(u.auth), 403);
  expectError(await server.api().get(`/users/${u.id}/changes`), 401);
});

test('GraphQL: me { changes } is the same feed, data as the REST read', async () => {
  const user = await signUp(server);
  const { cursor } = await readAll(user);
  const ev = await server.api().post(`/users/${user.id}/events`).set(user.auth).send({ notes: 'gql' });
  const q = `query($since: String, $types: [ChangeType!]) { me { changes(since: $since, limit: 10, types: $types) {
    changes { type id op version changedAt data } nextCursor hasMore } } }`;
  const data = await gqlData(server, user, q, { since: cursor });
  const rest = await changes(user, { since: cursor, limit: 10 });
  expect(data.me.changes).toEqual({
    changes: rest.changes.map((c) => ({ type: c.type, id: c.id, op: c.op, version: c.version, changedAt: c.changed_at, data: c.data })),
    nextCursor: rest.next_cursor,
    hasMore: false,
  });
  expect(data.me.changes.changes[0]).toMatchObject({ type: 'event', id: ev.body.id });
  expect((await gqlData(server, user, q, { since: cursor, types: ['category'] })).me.changes.changes).toEqual([]);

  const bad = await gqlError(server, user, q, { since: (await changes(other)).next_cursor });
  expect(bad.code).toBe('BAD_USER_INPUT');
  expect(bad.locs).toEqual(['since']);
});
