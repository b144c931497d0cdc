import type { z } from 'zod';
import { authorize, systemActor, type Actor } from '../../core/actor.ts';
import { Forbidden, NotFound } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em, readOnce } from '../../db/context.ts';
import { flushUnique } from '../../db/flush.ts';
import { endOtherSignIns } from '../../auth/sessions.service.ts';
import { emailKey } from './email-key.ts';
import { User } from './user.entity.ts';
import { EmailChange, ProfileUpdate } from './users.schemas.ts';

/** The account as its owner sees it: the user without credentials (no hash, no TOTP secret). */
export type Profile = Pick<User, 'id' | 'email' | 'timezone' | 'language' | 'weekStart' | 'totpEnabled' | 'createdAt' | 'updatedAt'>;

export function toProfile(u: User): Profile {
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

export async function getProfile(actor: Actor): Promise<Profile> {
  authorize(actor, actor.userId, 'read');
  return toProfile(await loadUser(actor.userId));
}

/** The login email is a credential: only an interactive session may change it (timezone, language and week start are plain data). */
const changesEmail = (input: z.input<typeof ProfileUpdate>) => typeof input === 'object' && input !== null && 'email' in input;

/**
 * One answer for any other sign-in address, taken or free, so the profile tells nobody who has an
 * account: the service sends no mail, so nobody can prove they hold a new address, and a change
 * that went through for a free address and not for a taken one would tell which it was.
 */
const EMAIL_BY_OPERATOR =
  "The sign-in email can only be spelled differently here (letter case); another address is set by the server's operator (npm run user:email)";

export async function updateProfile(actor: Actor, input: z.input<typeof ProfileUpdate>): Promise<Profile> {
  authorize(actor, actor.userId, changesEmail(input) ? 'account' : 'write');
  const data = parse(ProfileUpdate, input);
  const user = await loadUser(actor.userId);
  if (data.email !== undefined && emailKey(data.email) !== user.emailKey) throw new Forbidden(EMAIL_BY_OPERATOR);
  if (data.email !== undefined) user.email = data.email;
  if (data.timezone !== undefined) user.timezone = data.timezone;
  if (data.language !== undefined) user.language = data.language;
  if (data.week_start !== undefined) user.weekStart = data.week_start;
  user.updatedAt = new Date();
  // Another spelling of the same address signs in as before: no session ends for it.
  await em().flush();
  return toProfile(user);
}

/**
 * The operator's change of a user's sign-in email (`npm run user:email`): an address another account
 * has is a Conflict that says so (the operator sees every account anyway). Every session and OAuth
 * grant of the user ends, as a change from the profile ended the others; access tokens stay.
 */
export async function changeEmail(userId: string, input: z.input<typeof EmailChange>): Promise<Profile> {
  const { email } = parse(EmailChange, input);
  const user = await loadUser(userId);
  if (email === user.email) return toProfile(user);
  user.email = email;
  user.emailKey = emailKey(email);
  user.updatedAt = new Date();
  await flushUnique(`An account with email ${email} already exists`);
  await endOtherSignIns(systemActor(userId));
  return toProfile(user);
}
