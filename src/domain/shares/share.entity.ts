import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** What a share shows: the series by name, and which kinds of free text and history besides (all off by default). */
export type ShareScope = {
  metrics: string[];
  goals: string[];
  tags: string[];
  categories: string[];
  include_captures: boolean;
  include_notes: boolean;
  include_locations: boolean;
  include_experiments: boolean;
  include_correlations: boolean;
};

/**
 * A share link: a read-only, scoped, expiring view of one user's data for someone without an
 * account, opened by a token shown once (only its SHA-256 is kept), optionally behind a password
 * (argon2id) and a number of views.
 */
export const Share = defineEntity({
  name: 'Share',
  tableName: 'shares',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    label: p.text(),
    tokenHash: p.text(),
    scope: p.json<ShareScope>(),
    /** A fixed period (both set), or the last N days up to the day it is opened. */
    rangeFrom: p.string().columnType('date').nullable(),
    rangeTo: p.string().columnType('date').nullable(),
    lastDays: p.smallint().nullable(),
    expiresAt: p.datetime(),
    passwordHash: p.text().nullable(),
    maxViews: p.integer().nullable(),
    views: p.integer(),
    lastViewedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Share = InferEntity<typeof Share>;
