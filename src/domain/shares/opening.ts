import { createHmac, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from '../../auth/passwords.ts';
import { signingKey } from '../../auth/signing-key.ts';
import { countAttempt, limits } from '../../auth/throttle.ts';
import type { Actor } from '../../core/actor.ts';
import { localDateOf } from '../../core/clock.ts';
import { Gone, NotFound, Unauthenticated } from '../../core/errors.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { addDays } from '../goals/periods.ts';
import { emitEvent } from '../outbox/outbox.service.ts';
import type { CaptureLanguage } from '../users/preferences.ts';
import { loadUser } from '../users/users.service.ts';
import { Share } from './share.entity.ts';
import { statusOf, tokenHashOf } from './shares.service.ts';

/** A share opened by its token: whose data, as which actor (read-only), over which days. */
export type OpenedShare = { share: Share; actor: Actor; from: string; to: string; timezone: string; language: CaptureLanguage };

/** How a visitor proved the password: typed now, or a proof from an earlier unlock (a cookie). */
export type ShareKey = { password?: string; proof?: string };

/** The proof an unlocked share's visitor carries: bound to the share and its password, signed with the server's key. */
export function unlockProof(share: Share): string {
  return createHmac('sha256', signingKey()).update(`${share.id}:${share.passwordHash}`).digest('base64url');
}

function provesUnlock(share: Share, proof: string | undefined): boolean {
  if (!proof) return false;
  const expected = Buffer.from(unlockProof(share));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Everything a request under /s/{token} goes through first. The token is the credential: unknown,
 * 404; expired, revoked or used up, 410; a password not (yet) given, 401. Every request counts
 * against the link's budget, and a wrong password against its own. `view`: the report itself is
 * opened, which counts as a view (at most max_views, however many open it at once) and is news
 * (share.viewed); its CSV and FHIR files are not.
 */
export async function openShare(token: string, key: ShareKey, opts: { view: boolean }): Promise<OpenedShare> {
  const hash = tokenHashOf(token);
  await countAttempt([limits.shareLink, hash]);
  const share = await em().findOne(Share, { tokenHash: hash }, { refresh: true });
  if (!share) throw new NotFound('Share');
  const status = statusOf(share);
  if (status !== 'active') throw new Gone(`This share is ${status === 'used_up' ? 'used up' : status}`);
  if (share.passwordHash && !provesUnlock(share, key.proof)) {
    if (key.password === undefined) throw new Unauthenticated('This share needs its password');
    await countAttempt([limits.sharePassword, hash]);
    if (!(await verifyPassword(share.passwordHash, key.password))) throw new Unauthenticated('Wrong password');
  }
  if (opts.view) {
    const [counted] = await query<{ views: number; last_viewed_at: Date | string }>(
      `update shares set views = views + 1, last_viewed_at = now() where id = $1 and user_id = $2 and (max_views is null or views < max_views)
       returning views, last_viewed_at`,
      [share.id, share.userId],
    );
    if (!counted) throw new Gone('This share is used up');
    share.views = counted.views;
    share.lastViewedAt = new Date(counted.last_viewed_at);
    await emitEvent(
      share.userId,
      'share.viewed',
      { views: counted.views, viewed_at: share.lastViewedAt.toISOString() },
      { type: 'share', id: share.id },
    );
  }
  const { timezone, language } = await loadUser(share.userId);
  const to = share.rangeTo ?? localDateOf(new Date(), timezone);
  const from = share.rangeFrom ?? addDays(to, 1 - share.lastDays!);
  return { share, actor: { userId: share.userId, scope: 'read', via: 'share', credentialId: share.id }, from, to, timezone, language };
}
