import type * as WebPush from 'web-push';
import { query } from '../../db/sql.ts';
import { settings } from './settings.ts';

/** web-push (and its ASN.1 and JWS code), loaded on the first push or key: a start that never pushes never reads it. */
type Library = Pick<typeof WebPush, 'generateVAPIDKeys' | 'generateRequestDetails'>;
let library: Promise<Library> | undefined;
// A CommonJS module: its exports are the ES module's default.
export const webPush = (): Promise<Library> => (library ??= import('web-push').then((m) => m.default as Library));

/** The server's VAPID key pair (RFC 8292), base64url: the public key is the browsers' applicationServerKey. */
export type VapidKeys = { publicKey: string; privateKey: string };

type Row = { public_key: string; private_key: string };
const read = () => query<Row>(`select public_key, private_key from vapid_keys where id = 1`);

/**
 * The key pair, made on first need and kept in the database, so every instance (and every restart)
 * signs with the same one: a new key would orphan every browser's subscription, which is bound to
 * it. Two first needs at once both insert, one wins (on conflict do nothing) and both read the
 * winner. Not cached per process: one process may serve several databases (tests), each its own key.
 */
export async function vapidKeys(): Promise<VapidKeys> {
  let [row] = await read();
  if (!row) {
    const made = (await webPush()).generateVAPIDKeys();
    await query(`insert into vapid_keys (id, public_key, private_key, subject) values (1, $1, $2, $3) on conflict (id) do nothing`, [
      made.publicKey,
      made.privateKey,
      settings.subject,
    ]);
    [row] = await read();
  }
  return { publicKey: row.public_key, privateKey: row.private_key };
}
