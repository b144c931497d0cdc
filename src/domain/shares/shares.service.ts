import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { hashPassword } from '../../auth/passwords.ts';
import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid, NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { categoriesByIds } from '../categories/categories.service.ts';
import { metricType } from '../metric-types/catalogue.ts';
import { Share } from './share.entity.ts';
import { MAX_SHARE_DAYS, ShareCreate } from './shares.schemas.ts';
import { MAX_CHART_DAYS } from '../charts/charts.schemas.ts';
import { daysBetween } from '../goals/periods.ts';

/** Where a share stands: open, or why it no longer opens. */
export type ShareStatus = 'active' | 'expired' | 'revoked' | 'used_up';

export function statusOf(share: Share, now = new Date()): ShareStatus {
  if (share.revokedAt) return 'revoked';
  if (share.expiresAt <= now) return 'expired';
  if (share.maxViews != null && share.views >= share.maxViews) return 'used_up';
  return 'active';
}

/** A token's stored form: what a request's token is looked up by. */
export const tokenHashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

export type CreatedShare = { share: Share; token: string };

/** A new share and its token, which is shown this once and never stored. */
export async function createShare(actor: Actor, input: z.input<typeof ShareCreate>): Promise<CreatedShare> {
  // Opening a window on one's data to anyone with a link is an account decision, as an export is.
  authorize(actor, actor.userId, 'account');
  const data = parse(ShareCreate, input);
  const fixed = data.from !== undefined || data.to !== undefined;
  if (fixed && data.last_days !== undefined) throw Invalid.at(['last_days'], 'Give either from and to, or last_days, not both');
  if (!fixed && data.last_days === undefined) throw Invalid.at(['last_days'], 'Give a period: from and to, or last_days');
  if (fixed && data.from === undefined) throw Invalid.at(['from'], 'A fixed period needs from and to');
  if (fixed && data.to === undefined) throw Invalid.at(['to'], 'A fixed period needs from and to');
  if (fixed && data.from! > data.to!) throw Invalid.at(['to'], '`to` must not be before `from`');
  if (fixed && daysBetween(data.from!, data.to!) >= MAX_CHART_DAYS)
    throw Invalid.at(['to'], `A period spans at most ${MAX_CHART_DAYS} days`);
  const now = new Date();
  const expiresAt = new Date(data.expires_at);
  if (expiresAt <= now) throw Invalid.at(['expires_at'], 'Expiry must be in the future');
  if (expiresAt.getTime() - now.getTime() > MAX_SHARE_DAYS * 86_400_000) {
    throw Invalid.at(['expires_at'], `A share lives at most ${MAX_SHARE_DAYS} days`);
  }
  data.scope.metrics.forEach((slug, i) => {
    if (!metricType(slug)) throw Invalid.at(['scope', 'metrics', i], `Unknown metric type "${slug}"`);
  });
  data.scope.goals.forEach((slug, i) => {
    if (!metricType(slug)?.goalable) throw Invalid.at(['scope', 'goals', i], `"${slug}" is not a metric with a goal`);
  });
  const owned = await categoriesByIds(actor, data.scope.categories);
  data.scope.categories.forEach((id, i) => {
    if (!owned.has(id)) throw Invalid.at(['scope', 'categories', i], 'Not one of your categories');
  });
  const token = randomBytes(24).toString('base64url');
  const share = em().create(Share, {
    id: newId(),
    userId: actor.userId,
    label: data.label,
    tokenHash: tokenHashOf(token),
    scope: {
      ...data.scope,
      metrics: [...new Set(data.scope.metrics)],
      goals: [...new Set(data.scope.goals)],
      tags: [...new Set(data.scope.tags)],
    },
    rangeFrom: data.from ?? null,
    rangeTo: data.to ?? null,
    lastDays: data.last_days ?? null,
    expiresAt,
    passwordHash: data.password ? await hashPassword(data.password) : null,
    maxViews: data.max_views ?? null,
    views: 0,
    lastViewedAt: null,
    revokedAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await em().flush();
  return { share, token };
}

/** The user's shares, newest first, with their views; never their tokens. */
export async function listShares(actor: Actor): Promise<Share[]> {
  authorize(actor, actor.userId, 'read');
  return em().find(Share, { userId: actor.userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
}

export async function sharesByIds(actor: Actor, ids: string[]): Promise<Map<string, Share>> {
  authorize(actor, actor.userId, 'read');
  const rows = ids.length ? await em().find(Share, { userId: actor.userId, id: { $in: ids } }) : [];
  return new Map(rows.map((s) => [s.id, s]));
}

export async function getShare(actor: Actor, shareId: string): Promise<Share> {
  const share = (await sharesByIds(actor, [shareId])).get(shareId);
  if (!share) throw new NotFound('Share');
  return share;
}

/** Ends a share at once; it stays listed, with its views. Revoking a revoked one changes nothing. */
export async function revokeShare(actor: Actor, shareId: string): Promise<Share> {
  authorize(actor, actor.userId, 'account', { spend: false });
  const share = await getShare(actor, shareId);
  if (!share.revokedAt) {
    share.revokedAt = new Date();
    share.updatedAt = share.revokedAt;
    await em().flush();
  }
  return share;
}
