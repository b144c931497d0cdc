import type { z } from 'zod';
import { Forbidden, Unauthenticated } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { parse } from '../core/validation.ts';
import { em } from '../db/context.ts';
import { query } from '../db/sql.ts';
import { type User } from '../domain/users/user.entity.ts';
import { registerUser } from '../domain/accounts/registration.ts';
import { type Profile, findUserByEmail, loadUser } from '../domain/users/users.service.ts';
import { LoginRequest, TotpCode, TotpVerifyRequest } from './auth.schemas.ts';
import { signToken, verifyToken } from './jwt.ts';
import { verifyPassword } from './passwords.ts';
import { PendingLogin } from './session.entity.ts';
import { openSession, type SignedIn } from './sessions.service.ts';
import { clearAttempts, countAttempt, limits, refundAttempt, type Attempt } from './throttle.ts';
import { matchTotp } from './totp.ts';
import { emailKey } from '../domain/users/email-key.ts';

/** Where the attempt comes from, for throttling. */
export type ClientInfo = { ip: string };

const PENDING_MS = 5 * 60_000;
const MAX_CODE_ATTEMPTS = 5;

/**
 * One password guess against an account, counted (per account and per address) before the
 * password is checked. Login and password change share the account's budget, so a stolen
 * session cannot add guesses. Returns the user when the password is right.
 */
export async function guessPassword(
  client: ClientInfo,
  email: string,
  password: string,
  load: () => Promise<User | null>,
): Promise<User | null> {
  const account: Attempt = [limits.password, emailKey(email)];
  const address: Attempt = [limits.address, client.ip];
  await countAttempt(account, address);
  const user = await load();
  if (!(await verifyPassword(user?.passwordHash, password)) || !user) return null;
  await clearAttempts(account);
  await refundAttempt(address);
  return user;
}

/** A password accepted for an account with TOTP on: the code comes next, with this token. */
export type TotpChallenge = { kind: 'totp_required'; pendingToken: string; expiresAt: Date };

export async function login(input: z.input<typeof LoginRequest>, client: ClientInfo): Promise<SignedIn | TotpChallenge> {
  const { email, password } = parse(LoginRequest, input);
  const user = await guessPassword(client, email, password, () => findUserByEmail(email));
  if (!user) throw new Unauthenticated('Incorrect email or password');
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
  return { kind: 'totp_required', pendingToken: await signToken('pending', { sub: user.id, sid: pending.id }, expiresAt), expiresAt };
}

const expired = () => new Unauthenticated('This sign-in has expired; log in again');

export async function verifyTotpLogin(input: z.input<typeof TotpVerifyRequest>, client: ClientInfo): Promise<SignedIn> {
  const { pending_token, code } = parse(TotpVerifyRequest, input);
  const claims = await verifyToken('pending', pending_token);
  const totp: Attempt = [limits.totp, claims.sub];
  const address: Attempt = [limits.address, client.ip];
  await countAttempt(totp, address);
  // Only an attempt that claimed one of the pending login's five tries may check a code: the
  // claim is one conditional update, so concurrent attempts cannot share a try.
  const [claimed] = await query(
    `update pending_logins set failed_attempts = failed_attempts + 1
      where id = $1 and user_id = $2 and failed_attempts < $3 and used_at is null and expires_at > now()
      returning id`,
    [claims.sid, claims.sub, MAX_CODE_ATTEMPTS],
  );
  if (!claimed) throw expired();
  const user = await loadUser(claims.sub);
  if (!(await acceptTotpCode(user, code))) throw new Unauthenticated('Incorrect authentication code');
  // Two right codes (adjacent time steps) racing each other open one session, not two.
  const [used] = await query(
    `update pending_logins set used_at = now(), failed_attempts = failed_attempts - 1
      where id = $1 and user_id = $2 and used_at is null returning id`,
    [claims.sid, claims.sub],
  );
  if (!used) throw expired();
  await clearAttempts(totp);
  await refundAttempt(address);
  return openSession(user.id);
}

/**
 * One TOTP code (enable, disable, a one-step sign-in), counted against the user's TOTP budget
 * before it is checked, like a sign-in code; with `client`, against its address's budget too.
 */
export async function guessTotpCode(user: User, code: string, client?: ClientInfo): Promise<boolean> {
  const totp: Attempt = [limits.totp, user.id];
  const address: Attempt | undefined = client && [limits.address, client.ip];
  await (address ? countAttempt(totp, address) : countAttempt(totp));
  if (!(await acceptTotpCode(user, code))) return false;
  await clearAttempts(totp);
  if (address) await refundAttempt(address);
  return true;
}

export type SignInCheck =
  { outcome: 'ok'; user: User } | { outcome: 'wrong_credentials' } | { outcome: 'totp_required' } | { outcome: 'wrong_code' };

/**
 * Login and TOTP verification in one step, for a form that carries all three (the OAuth sign-in
 * page): the same throttled password guess as /auth/login, then, when the account has TOTP on,
 * the same throttled, replay-proof code check as /auth/totp/verify. A right password without a
 * code says so (as login's `totp_required` does) and spends no code attempt.
 */
export async function checkSignIn(client: ClientInfo, input: { email: string; password: string; totpCode: string }): Promise<SignInCheck> {
  const parsed = LoginRequest.safeParse({ email: input.email, password: input.password });
  if (!parsed.success) return { outcome: 'wrong_credentials' };
  const { email, password } = parsed.data;
  const user = await guessPassword(client, email, password, () => findUserByEmail(email));
  if (!user) return { outcome: 'wrong_credentials' };
  if (!user.totpEnabled) return { outcome: 'ok', user };
  const code = input.totpCode.replace(/\s+/g, '');
  if (!code) return { outcome: 'totp_required' };
  if (!TotpCode.safeParse(code).success || !(await guessTotpCode(user, code, client))) return { outcome: 'wrong_code' };
  return { outcome: 'ok', user };
}

/**
 * Accepts a code once: the matched time step must be newer than the last accepted one,
 * and the update is conditional so two concurrent requests cannot both use one code.
 */
async function acceptTotpCode(user: User, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = await matchTotp(user.totpSecret, code);
  if (step === null) return false;
  const [claimed] = await query(
    `update users set totp_last_step = $1 where id = $2 and (totp_last_step is null or totp_last_step < $1) returning id`,
    [step, user.id],
  );
  if (!claimed) return false;
  user.totpLastStep = step;
  return true;
}

/** Open registration: the same answer for a free address and a taken one (registerUser says why). */
export async function register(input: Parameters<typeof registerUser>[0], allowed: boolean, client: ClientInfo): Promise<Profile> {
  if (!allowed) throw new Forbidden('Registration is disabled on this server');
  await countAttempt([limits.registration, client.ip]);
  return registerUser(input);
}
