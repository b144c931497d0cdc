import { z } from 'zod';
import { isValidTimezone } from '../../core/clock.ts';

const Email = z
  .email({ message: 'Input should be a valid email address' })
  .max(254)
  .transform((e) => e.trim());
export const Password = z.string().min(8, 'Password must be at least 8 characters').max(256);
const Timezone = z.string().refine(isValidTimezone, { message: 'Input should be a valid IANA timezone, e.g. Europe/Berlin' });

export const UserCreate = z.object({ email: Email, password: Password, timezone: Timezone.default('UTC') }).meta({ id: 'UserCreate' });

export const ProfileUpdate = z.object({ email: Email.optional(), timezone: Timezone.optional() }).meta({ id: 'ProfileUpdate' });
