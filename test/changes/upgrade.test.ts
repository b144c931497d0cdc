import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../../src/auth/passwords.ts';
import { embeddedUrl, startEmbedded } from '../../src/db/embedded.ts';
import { copyOfTemplate, type DatabaseCopy } from '../helpers/databases.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * An install that has data from before the changes feed, upgraded: the migration starts every
 * user's history with what exists, and the feed goes on from there. The database is a migrated
 * copy taken back to the state before the feed's migration (its objects dropped, its record
 * removed), with rows written then.
 */
let database: DatabaseCopy;
let server: TestServer | undefined;
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const BEFORE_FEED = `
  drop function record_changes() cascade;
  drop function number_changes() cascade;
  drop table changes, change_counters, change_marks, erasures;
  drop sequence changes_ordinal_seq;
  delete from mikro_orm_migrations
   where name in ('Migration20261127000000_changes', 'Migration20261127010000_erasures', 'Migration20261130000000_changes_at_commit');`;

async function withClient(fn: (c: pg.Client) => Promise<void>): Promise<void> {
  const embedded = database.databaseUrl ? undefined : await startEmbedded(database.pgliteDir);
  const client = new pg.Client(database.databaseUrl ?? embeddedUrl(embedded!));
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
    await embedded?.close();
  }
}

test('upgrading a database with data: every existing resource is in the feed once, and changes after the upgrade follow it', async () => {
  database = await copyOfTemplate();
  const userId = randomUUID();
  const eventId = randomUUID();
  await withClient(async (c) => {
    await c.query(BEFORE_FEED);
    await c.query(
      `insert into users (id, email, email_key, password_hash, created_at, updated_at) values ($1, 'old@example.com', 'old@example.com', $2, now(), now())`,
      [userId, await hashPassword('an old long password')],
    );
    await c.query(
      `insert into events (id, user_id, occurred_at, local_date, notes, created_at, updated_at) values ($1, $2, now(), current_date, 'from before', now(), now())`,
      [eventId, userId],
    );
  });

  server = await startTestServer({ databaseUrl: database.databaseUrl, pgliteDir: database.pgliteDir });
  // The old account signs in as it always did.
  const login = await server.api().post('/auth/login').send({ email: 'old@example.com', password: 'an old long password' });
  expect(login.status).toBe(200);
  const auth = { Authorization: `Bearer ${login.body.api_token}` };

  const feed = await server.api().get(`/users/${userId}/changes`).set(auth);
  expect(feed.status).toBe(200);
  // The migration's history first (what existed), then the defaults the server provisions at start for accounts missing them.
  const changes = feed.body.changes as { type: string; id: string }[];
  expect(changes.slice(0, 2).map((c) => [c.type, c.id])).toEqual([
    ['event', eventId],
    ['profile', userId],
  ]);
  expect(new Set(changes.slice(2).map((c) => c.type))).toEqual(new Set(['metric_definition', 'event_source']));
  expect(feed.body.changes[0].data).toMatchObject({ id: eventId, notes: 'from before' });

  const later = await server.api().patch(`/users/${userId}/events/${eventId}`).set(auth).send({ notes: 'after the upgrade' });
  expect(later.status).toBe(200);
  const next = await server.api().get(`/users/${userId}/changes`).query({ since: feed.body.next_cursor }).set(auth);
  expect(next.body.changes).toEqual([
    expect.objectContaining({ type: 'event', id: eventId, data: expect.objectContaining({ notes: 'after the upgrade' }) }),
  ]);
  expect(next.body.changes[0].version).toBeGreaterThan(feed.body.changes.at(-1).version);
});
