import { Forbidden, Unauthenticated } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { parse } from '../core/validation.ts';
import { em } from '../db/context.ts';
import { User } from '../domain/users/user.entity.ts';
import { createUser, findUserByEmail, loadUser } from '../domain/users/users.service.ts';
import type { ProfileRead } from '../domain/users/users.schemas.ts';
import { LoginRequest, TotpVerifyRequest } from './auth.schemas.ts';
import { signToken, verifyToken } from './jwt.ts';
import { verifyPassword } from './passwords.ts';
import { PendingLogin } from './session.entity.ts';
import { openSession } from './sessions.service.ts';
import { loginThrottle, registrationThrottle } from './throttle.ts';
import { matchTotp } from './totp.ts';

/** Where the attempt comes from, for throttling. */
export type ClientInfo = { ip: string };

const PENDING_MS = 5 * 60_000;
const MAX_WRONG_CODES = 5;

export async function login(input: unknown, client: ClientInfo) {
  const { email, password } = parse(LoginRequest, input);
  const accountKey = email.trim().toLowerCase();
  loginThrottle.ip.check(client.ip);
  loginThrottle.account.check(accountKey);

  const user = await findUserByEmail(email);
  if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
    loginThrottle.ip.fail(client.ip);
    loginThrottle.account.fail(accountKey);
    throw new Unauthenticated('Incorrect email or password');
  }
  loginThrottle.account.reset(accountKey);
  if (!user.totpEnabled) return openSession(user.id);

  const now = new Date();
  const expiresAt = new Date(now.getTime() + PENDING_MS);
  const pending = em().create(PendingLogin, {
    id: newId(),
    userId: user.id,
    createdAt: now,
    expiresAt,
    usedAt: null,
    failedAttempts: 0,
  });
  await em().flush();
  return {
    totp_required: true as const,
    pending_token: await signToken('pending', { sub: user.id, sid: pending.id }, expiresAt),
    expires_at: expiresAt.toISOString(),
  };
}

export async function verifyTotpLogin(input: unknown, client: ClientInfo) {
  const { pending_token, code } = parse(TotpVerifyRequest, input);
  loginThrottle.ip.check(client.ip);
  const claims = await verifyToken('pending', pending_token);
  const pending = await em().findOne(PendingLogin, { id: claims.sid, userId: claims.sub });
  if (!pending || pending.usedAt || pending.expiresAt <= new Date() || pending.failedAttempts >= MAX_WRONG_CODES) {
    throw new Unauthenticated('This sign-in has expired; log in again');
  }
  const user = await loadUser(pending.userId);
  if (!(await acceptTotpCode(user, code))) {
    loginThrottle.ip.fail(client.ip);
    pending.failedAttempts += 1;
    await em().flush();
    throw new Unauthenticated('Incorrect authentication code');
  }
  pending.usedAt = new Date();
  await em().flush();
  return openSession(user.id);
}

/**
 * Accepts a code once: the matched time step must be newer than the last accepted one,
 * and the update is conditional so two concurrent requests cannot both use one code.
 */
export async function acceptTotpCode(user: User, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = await matchTotp(user.totpSecret, code);
  if (step === null) return false;
  const [claimed] = await em().getConnection().execute<{ id: string }[]>(
    `update users set totp_last_step = ? where id = ? and (totp_last_step is null or totp_last_step < ?) returning id`,
    [step, user.id, step],
  );
  if (!claimed) return false;
  user.totpLastStep = step;
  return true;
}

export async function register(input: unknown, allowed: boolean, client: ClientInfo): Promise<ProfileRead> {
  if (!allowed) throw new Forbidden('Registration is disabled on this server');
  registrationThrottle.check(client.ip);
  registrationThrottle.fail(client.ip);
  return createUser(input);
}
