import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { z } from 'zod';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { flushUnique } from '../../db/flush.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { emailKey } from '../users/email-key.ts';
import { User } from '../users/user.entity.ts';
import { UserCreate } from '../users/users.schemas.ts';
import { toProfile, type Profile } from '../users/users.service.ts';
import { provisionUserDefaults } from './provisioning.ts';

/**
 * Opening an account: the user's row, then the rows every user starts with (provisioning.ts). Above
 * users/ and the areas whose defaults it writes, which all read the user.
 */
function newUser(data: z.output<typeof UserCreate>, passwordHash: string): User {
  const now = new Date();
  return em().create(User, {
    id: newId(),
    email: data.email,
    emailKey: emailKey(data.email),
    passwordHash,
    timezone: data.timezone,
    language: data.language,
    weekStart: 'monday',
    totpSecret: null,
    totpEnabled: false,
    totpLastStep: null,
    createdAt: now,
    updatedAt: now,
  });
}

/** The operator's `npm run user:create`: an address another account has is a Conflict that says so. */
export async function createUser(input: z.input<typeof UserCreate>): Promise<Profile> {
  const data = parse(UserCreate, input);
  const user = newUser(data, await hashPassword(data.password));
  await flushUnique(`An account with email ${data.email} already exists`);
  await provisionUserDefaults(user.id);
  return toProfile(user);
}

/**
 * Open registration (POST /auth/register), answered alike whether or not the address is free:
 * 201 with the account as it was asked for. Only an account at a free address is stored; one at
 * an address another account has is not, and nothing in the answer says which happened. The work
 * before the answer is the same (the password is hashed either way). Without a mail channel nothing
 * better is possible: signing in with the address and the password chosen is what tells, and that is
 * a throttled password guess (docs/decisions.md, Hardening round 3).
 */
export async function registerUser(input: z.input<typeof UserCreate>): Promise<Profile> {
  const data = parse(UserCreate, input);
  const user = newUser(data, await hashPassword(data.password));
  try {
    await em().flush();
  } catch (err) {
    if (!(err instanceof UniqueConstraintViolationException)) throw err;
    em().clear();
    return toProfile(user);
  }
  await provisionUserDefaults(user.id);
  return toProfile(user);
}
