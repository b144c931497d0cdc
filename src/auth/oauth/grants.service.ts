import { authorize, type Actor } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { query } from '../../db/sql.ts';
import { SCOPE, type OAuthGrantRead } from './oauth.schemas.ts';

/**
 * The user's side of OAuth: which agents may read the data, and taking that back. Managed from a
 * signed-in session only, like every other credential (an OAuth token cannot list or end grants).
 */
export async function listOAuthGrants(actor: Actor): Promise<OAuthGrantRead[]> {
  authorize(actor, actor.userId, 'account', { spend: false });
  const rows = await query<{ id: string; client_id: string; client_name: string; resource: string; created_at: Date }>(
    `select g.id, g.client_id, c.client_name, g.resource, g.created_at
       from oauth_grants g join oauth_clients c on c.id = g.client_id
      where g.user_id = $1 and g.revoked_at is null
      order by g.created_at desc, g.id desc`,
    [actor.userId],
  );
  return rows.map((r) => ({
    id: r.id,
    client_id: r.client_id,
    client_name: r.client_name,
    resource: r.resource,
    scope: SCOPE,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/** Ends an agent's access at once: every access and refresh token of the grant stops working. */
export async function revokeOAuthGrant(actor: Actor, grantId: string): Promise<void> {
  authorize(actor, actor.userId, 'account', { spend: false });
  const [revoked] = await query<{ id: string }>(
    `update oauth_grants set revoked_at = now() where user_id = $1 and id = $2 and revoked_at is null returning id`,
    [actor.userId, grantId],
  );
  if (!revoked) throw new NotFound('OAuth grant');
}

/** Every agent of the user loses access (the account's sign-in changed: sessions.service endOtherSignIns). */
export async function endOAuthGrants(userId: string): Promise<number> {
  const ended = await query<{ id: string }>(
    `update oauth_grants set revoked_at = now() where user_id = $1 and revoked_at is null returning id`,
    [userId],
  );
  return ended.length;
}
