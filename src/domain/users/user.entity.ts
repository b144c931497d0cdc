import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CAPTURE_LANGUAGES } from './preferences.ts';
import { WEEKDAYS } from './preferences.ts';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    email: p.string(),
    /** The address as sign-in finds it (email-key.ts); unique. */
    emailKey: p.string(),
    passwordHash: p.string(),
    timezone: p.string(),
    /** The language captures are read in, besides English (domain/captures/parser/locales). */
    language: p.enum(CAPTURE_LANGUAGES),
    /** The day the user's weeks start on: weekly goals count from it. */
    weekStart: p.enum(WEEKDAYS),
    totpSecret: p.string().nullable(),
    totpEnabled: p.boolean(),
    /** Last accepted TOTP time step, so a code is never accepted twice. */
    totpLastStep: p.bigint('number').nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type User = InferEntity<typeof User>;
