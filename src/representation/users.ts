import { z } from 'zod';
import { CAPTURE_LANGUAGES } from '../domain/users/preferences.ts';
import { WEEKDAYS } from '../domain/users/preferences.ts';
import type { Profile } from '../domain/users/users.service.ts';

export const ProfileRead = z
  .object({
    id: z.uuid(),
    email: z.string(),
    timezone: z.string(),
    language: z.enum(CAPTURE_LANGUAGES).meta({ description: 'The language log captures are parsed in, besides English' }),
    week_start: z.enum(WEEKDAYS).meta({ description: 'The day weeks start on, for weekly goals' }),
    totp_enabled: z.boolean(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'ProfileRead' });
export type ProfileRead = z.infer<typeof ProfileRead>;

export function presentProfile(u: Profile): ProfileRead {
  return {
    id: u.id,
    email: u.email,
    timezone: u.timezone,
    language: u.language,
    week_start: u.weekStart,
    totp_enabled: u.totpEnabled,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
  };
}
