import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em, readOnce } from '../../db/context.ts';
import { flushUnique } from '../../db/flush.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { endOtherSignIns } from '../../auth/sessions.service.ts';
import { countAttempt, limits } from '../../auth/throttle.ts';
import { emailKey } from './email-key.ts';
import { provisionUserDefaults } from './provisioning.ts';
import { User } from './user.entity.ts';
import { ProfileUpdate, UserCreate } from './users.schemas.ts';

/** The account as its owner sees it: the user without credentials (no hash, no TOTP secret). */
export type Profile = Pick<User, 'id' | 'email' | 'timezone' | 'language' | 'weekStart' | 'totpEnabled' | 'createdAt' | 'updatedAt'>;

function toProfile(u: User): Profile {
  return {
    id: u.id,
    email: u.email,
    timezone: u.timezone,
    language: u.language,
    weekStart: u.weekStart,
    totpEnabled: u.totpEnabled,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
  };
}

export async function findUserByEmail(email: string): Promise<User | null> {
  return em().findOne(User, { emailKey: emailKey(email) });
}

/**
 * The user row, read once per unit of work: the identity map would answer a second findOne only
 * once the first has returned, and a GraphQL query's fields (timezone for local days) ask at once.
 */
export function loadUser(userId: string): Promise<User> {
  return readOnce(`user:${userId}`, async () => {
    const user = await em().findOne(User, { id: userId });
    if (!user) throw new NotFound('User');
    return user;
  });
}

/** Used by the CLI and by open registration; nobody is signed in yet, so there is no actor. */
export async function createUser(input: z.input<typeof UserCreate>): Promise<Profile> {
  const data = parse(UserCreate, input);
  const now = new Date();
  const user = em().create(User, {
    id: newId(),
    email: data.email,
    emailKey: emailKey(data.email),
    passwordHash: await hashPassword(data.password),
    timezone: data.timezone,
    language: data.language,
    weekStart: 'monday',
    totpSecret: null,
    totpEnabled: false,
    totpLastStep: null,
    createdAt: now,
    updatedAt: now,
  });
  await flushUnique(`An account with email ${data.email} already exists`);
  await provisionUserDefaults(user.id);
  return toProfile(user);
}

export async function getProfile(actor: Actor): Promise<Profile> {
  authorize(actor, actor.userId, 'read');
  return toProfile(await loadUser(actor.userId));
}

/** The login email is a credential: only an interactive session may change it (timezone, language and week start are plain data). */
const changesEmail = (input: z.input<typeof ProfileUpdate>) => typeof input === 'object' && input !== null && 'email' in input;

export async function updateProfile(actor: Actor, input: z.input<typeof ProfileUpdate>): Promise<Profile> {
  authorize(actor, actor.userId, changesEmail(input) ? 'account' : 'write');
  const data = parse(ProfileUpdate, input);
  const user = await loadUser(actor.userId);
  const emailChanged = data.email !== undefined && data.email !== user.email;
  // Every try at another address counts, before it is known to be free (see limits.emailChange).
  if (emailChanged && emailKey(data.email!) !== user.emailKey) await countAttempt([limits.emailChange, user.id]);
  if (data.email !== undefined) {
    user.email = data.email;
    user.emailKey = emailKey(data.email);
  }
  if (data.timezone !== undefined) user.timezone = data.timezone;
  if (data.language !== undefined) user.language = data.language;
  if (data.week_start !== undefined) user.weekStart = data.week_start;
  user.updatedAt = new Date();
  await flushUnique(`An account with email ${data.email} already exists`);
  // Whoever holds another session may be why the address changes: those sessions end.
  if (emailChanged) await endOtherSignIns(actor);
  return toProfile(user);
}
