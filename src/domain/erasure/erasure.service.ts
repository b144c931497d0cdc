import type { z } from 'zod';
import { guessPassword, guessTotpCode, type ClientInfo } from '../../auth/login.service.ts';
import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { emailKey } from '../users/email-key.ts';
import { provisionUserDefaults } from '../accounts/provisioning.ts';
import { loadUser } from '../users/users.service.ts';
import { ErasureConfirm } from './erasure.schemas.ts';

/** The account itself: what "erase my data" keeps (its sign-in, settings, sessions, tokens, agents' grants). */
const ACCOUNT_TABLES = new Set([
  'users',
  'sessions',
  'pending_logins',
  'access_tokens',
  'oauth_grants',
  'oauth_codes',
  'oauth_refresh_tokens',
]);

/** The changes feed's own bookkeeping: emptied apart, so devices are told to resync instead of reading a tombstone per row. */
const FEED_TABLES = new Set(['changes', 'change_counters', 'change_marks']);

export type Erasure = { erased: 'account' | 'data'; erasedAt: Date; rows: Record<string, number> };

/**
 * Every table of the schema with a user_id column, each before the tables it references: found
 * in the catalogue, not listed here, so a table added later is erased without anyone remembering.
 */
async function userTables(): Promise<string[]> {
  const tables = (
    await query<{ table_name: string }>(
      `select table_name from information_schema.columns
        where table_schema = current_schema() and column_name = 'user_id' order by table_name`,
    )
  ).map((r) => r.table_name);
  const references = await query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = current_schema()::regnamespace and c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const visit = (t: string, path: Set<string>) => {
    if (ordered.includes(t) || path.has(t)) return;
    path.add(t);
    // Whatever references t goes first.
    for (const r of references) if (r.parent === t && tables.includes(r.child)) visit(r.child, path);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

/** The password again, and the TOTP code when two-factor is on; both count against the sign-in throttles. */
async function confirm(actor: Actor, input: z.input<typeof ErasureConfirm>, client: ClientInfo) {
  const { password, totp_code } = parse(ErasureConfirm, input);
  const user = await loadUser(actor.userId);
  if (!(await guessPassword(client, user.email, password, async () => user))) throw Invalid.at(['password'], 'Incorrect password');
  if (user.totpEnabled) {
    if (!totp_code) throw Invalid.at(['totp_code'], 'Two-factor authentication is on: the current code is required', 'missing');
    if (!(await guessTotpCode(user, totp_code, client))) throw Invalid.at(['totp_code'], 'Incorrect authentication code');
  }
  return user;
}

/** Every string of a job's data, at any depth, under any key. */
const JOB_STRINGS = `jsonb_path_query(j.data, 'strict $.**') as v where jsonb_typeof(v) = 'string'`;
const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * Background jobs that name the user (queued, running or kept after they ran): their data holds the
 * user's id or the id of one of the user's rows, at any depth and under any key (a capture's parse
 * `{capture_id, user_id}`, an older one `{capture_id}`, an import's run `{import_id, user_id}` (an older one `{import_id}`), a calendar
 * sync `{userId, sourceId}`), so a job added later is found without a list of its keys. They would
 * only fail, or write rows again; and they name the person. Run before the rows go: the ids named
 * in jobs are few, and each is looked up in the user's tables.
 */
async function deleteJobs(userId: string, tables: string[]): Promise<number> {
  const named = (
    await query<{ v: string }>(`select distinct lower(v #>> '{}') as v from pgboss.job j, ${JOB_STRINGS} and (v #>> '{}') ~* $1`, [UUID])
  ).map((r) => r.v);
  const ids = new Set([userId]);
  if (named.length) {
    const keyed = await query<{ table_name: string }>(
      `select table_name from information_schema.columns
        where table_schema = current_schema() and column_name = 'id' and data_type = 'uuid' and table_name = any($1)`,
      [tables],
    );
    for (const { table_name } of keyed) {
      const mine = await query<{ id: string }>(`select id::text as id from ${table_name} where user_id = $1 and id = any($2::uuid[])`, [
        userId,
        named,
      ]);
      for (const { id } of mine) ids.add(id);
    }
  }
  const jobs = await query(
    `delete from pgboss.job j where exists (select 1 from ${JOB_STRINGS} and lower(v #>> '{}') = any($1)) returning 1`,
    [[...ids]],
  );
  return jobs.length;
}

async function deleteRows(userId: string, keep: Set<string>, rows: Record<string, number>): Promise<void> {
  const tables = await userTables();
  const jobs = await deleteJobs(userId, tables);
  if (jobs) rows['pgboss.job'] = jobs;
  for (const table of tables) {
    if (keep.has(table)) continue;
    const deleted = await query(`delete from ${table} where user_id = $1 returning 1`, [userId]);
    if (deleted.length) rows[table] = deleted.length;
  }
}

/** What the operator keeps of an erasure: when, what kind, how many rows; nothing that names the person. */
async function record(erasure: Erasure): Promise<Erasure> {
  await query(`insert into erasures (id, erased_at, erased, rows) values ($1, $2, $3, $4)`, [
    newId(),
    erasure.erasedAt,
    erasure.erased,
    JSON.stringify(erasure.rows),
  ]);
  return erasure;
}

/**
 * Erases everything the user logged or configured, in one transaction, and keeps the account: its
 * sign-in, profile, sessions, tokens and OAuth grants. The account then starts again with the
 * defaults a new one gets. Every device's cursor answers 410 afterwards: each must read again.
 */
export async function eraseData(actor: Actor, input: z.input<typeof ErasureConfirm>, client: ClientInfo): Promise<Erasure> {
  authorize(actor, actor.userId, 'account');
  await confirm(actor, input, client);
  return em().transactional(async () => {
    const rows: Record<string, number> = {};
    await query(`select set_config('lifetrack.record_changes', 'off', true)`);
    await deleteRows(actor.userId, new Set([...ACCOUNT_TABLES, ...FEED_TABLES]), rows);
    const feed = await query(`delete from changes where user_id = $1 returning 1`, [actor.userId]);
    if (feed.length) rows.changes = feed.length;
    await query(`update change_counters set resync_below = version + 1 where user_id = $1`, [actor.userId]);
    await query(`select set_config('lifetrack.record_changes', 'on', true)`);
    // The feed starts again after the resync mark: the profile (kept) is renumbered into it, the defaults are new.
    await query(`update users set updated_at = updated_at where id = $1`, [actor.userId]);
    await provisionUserDefaults(actor.userId);
    return record({ erased: 'data', erasedAt: new Date(), rows });
  });
}

/** Erases the account and everything of it, in one transaction: afterwards no row names the user. */
export async function deleteAccount(actor: Actor, input: z.input<typeof ErasureConfirm>, client: ClientInfo): Promise<Erasure> {
  authorize(actor, actor.userId, 'account');
  const user = await confirm(actor, input, client);
  return em().transactional(async () => {
    const rows: Record<string, number> = {};
    await query(`select set_config('lifetrack.record_changes', 'off', true)`);
    await deleteRows(actor.userId, new Set(['users']), rows);
    await query(`delete from auth_attempts where key like any($1)`, [[`%:${actor.userId}`, `%:${emailKey(user.email)}`]]);
    await query(`delete from users where id = $1`, [actor.userId]);
    rows.users = 1;
    em().clear();
    return record({ erased: 'account', erasedAt: new Date(), rows });
  });
}
