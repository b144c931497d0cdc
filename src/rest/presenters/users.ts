import { z } from 'zod';
import type { Profile } from '../../domain/users/users.service.ts';

export const ProfileRead = z
  .object({
    id: z.uuid(),
    email: z.string(),
    timezone: z.string(),
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
    totp_enabled: u.totpEnabled,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
  };
}
