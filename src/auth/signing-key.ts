import { randomBytes } from 'node:crypto';
import type { Configuration } from '@mikro-orm/core';
import { em } from '../db/context.ts';
import { query } from '../db/sql.ts';

/**
 * The HS256 key for api_token and pending_token JWTs. JWT_SECRET wins; without it a random
 * secret is generated on first start and kept in the database, so every instance agrees
 * and restarts do not sign everybody out. Keys are held per database (per ORM configuration),
 * so two servers in one process never share one.
 */
const keys = new WeakMap<Configuration, Uint8Array>();

export async function loadSigningKey(configured: string | undefined): Promise<void> {
  if (configured) {
    keys.set(em().config, new TextEncoder().encode(configured));
    return;
  }
  await query(`insert into app_secrets (name, value) values ('jwt_secret', $1) on conflict (name) do nothing`, [
    randomBytes(48).toString('base64url'),
  ]);
  const [row] = await query<{ value: string }>(`select value from app_secrets where name = 'jwt_secret'`);
  keys.set(em().config, new TextEncoder().encode(row.value));
}

export function signingKey(): Uint8Array {
  const key = keys.get(em().config);
  if (!key) throw new Error('Signing key not loaded');
  return key;
}
