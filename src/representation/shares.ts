import { z } from 'zod';
import type { Share } from '../domain/shares/share.entity.ts';
import { statusOf, type CreatedShare } from '../domain/shares/shares.service.ts';

const SHARE_STATUSES = ['active', 'expired', 'revoked', 'used_up'] as const;

/** The scope as stored: every list and switch present (ShareScope is the input, with its defaults). */
const ShareScopeRead = z
  .object({
    metrics: z.array(z.string()).describe('Metric slugs whose daily values, charts and statistics are shown'),
    goals: z.array(z.string()).describe("Metric slugs whose goals' adherence and streaks are shown"),
    tags: z.array(z.string()).describe('Tags whose occurrences are counted and listed on a timeline'),
    categories: z.array(z.uuid()).describe('Category ids whose events are counted'),
    include_captures: z.boolean(),
    include_notes: z.boolean(),
    include_locations: z.boolean(),
    include_experiments: z.boolean(),
    include_correlations: z.boolean(),
  })
  .meta({ id: 'ShareScopeRead' });

export const ShareRead = z
  .object({
    id: z.uuid(),
    label: z.string(),
    scope: ShareScopeRead,
    from: z.iso.date().nullable().describe('A fixed period: its first day; null for a rolling one'),
    to: z.iso.date().nullable().describe('A fixed period: its last day; null for a rolling one'),
    last_days: z.number().int().nullable().describe('A rolling period: the last N days up to the day it is opened'),
    expires_at: z.string(),
    has_password: z.boolean(),
    max_views: z.number().int().nullable(),
    views: z.number().int().describe('How many times the report was opened'),
    last_viewed_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    status: z.enum(SHARE_STATUSES).describe('active, or why the link no longer opens: expired, revoked, used_up'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ShareRead' });

export const ShareCreated = ShareRead.extend({
  token: z.string().describe("The link's secret: shown this once, never again (only its hash is kept)"),
  url: z.string().describe('The report, a path on this server: /s/{token}'),
}).meta({ id: 'ShareCreated' });

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function presentShare(s: Share): z.infer<typeof ShareRead> {
  return {
    id: s.id,
    label: s.label,
    scope: s.scope,
    from: s.rangeFrom ?? null,
    to: s.rangeTo ?? null,
    last_days: s.lastDays ?? null,
    expires_at: s.expiresAt.toISOString(),
    has_password: s.passwordHash != null,
    max_views: s.maxViews ?? null,
    views: s.views,
    last_viewed_at: iso(s.lastViewedAt),
    revoked_at: iso(s.revokedAt),
    status: statusOf(s),
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

/** The report's path on this server (a client prefixes its own base URL, as with every path it calls). */
export const shareUrl = (token: string) => `/s/${token}`;

export const presentCreatedShare = ({ share, token }: CreatedShare) => ({ ...presentShare(share), token, url: shareUrl(token) });
