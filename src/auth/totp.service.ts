import type { z } from 'zod';
import { authorize, type Actor } from '../core/actor.ts';
import { Conflict, Invalid } from '../core/errors.ts';
import { parse } from '../core/validation.ts';
import { em } from '../db/context.ts';
import { loadUser } from '../domain/users/users.service.ts';
import { TotpCodeRequest } from './auth.schemas.ts';
import { guessTotpCode } from './login.service.ts';
import { endOtherSignIns } from './sessions.service.ts';
import { newTotpSecret, totpUri } from './totp.ts';

/** Step 1 of enrolment: a new secret, not yet in force until a first code proves the app has it. */
export async function setupTotp(actor: Actor): Promise<{ secret: string; otpauthUri: string }> {
  authorize(actor, actor.userId, 'account');
  const user = await loadUser(actor.userId);
  if (user.totpEnabled) throw new Conflict('Two-factor authentication is already enabled');
  user.totpSecret = newTotpSecret();
  user.totpLastStep = null;
  user.updatedAt = new Date();
  await em().flush();
  return { secret: user.totpSecret, otpauthUri: totpUri(user.totpSecret, user.email) };
}

/** Turns TOTP on; answers whether it is on now (true). */
export async function enableTotp(actor: Actor, input: z.input<typeof TotpCodeRequest>): Promise<boolean> {
  authorize(actor, actor.userId, 'account');
  const { code } = parse(TotpCodeRequest, input);
  const user = await loadUser(actor.userId);
  if (user.totpEnabled) throw new Conflict('Two-factor authentication is already enabled');
  if (!user.totpSecret) throw new Conflict('Set up two-factor authentication first: there is no pending secret to enable');
  if (!(await guessTotpCode(user, code))) throw Invalid.at(['code'], 'Incorrect authentication code');
  user.totpEnabled = true;
  user.updatedAt = new Date();
  await em().flush();
  await endOtherSignIns(actor);
  return true;
}

/** Turns TOTP off; answers whether it is on now (false). */
export async function disableTotp(actor: Actor, input: z.input<typeof TotpCodeRequest>): Promise<boolean> {
  authorize(actor, actor.userId, 'account');
  const { code } = parse(TotpCodeRequest, input);
  const user = await loadUser(actor.userId);
  if (!user.totpEnabled) throw new Conflict('Two-factor authentication is not enabled');
  if (!(await guessTotpCode(user, code))) throw Invalid.at(['code'], 'Incorrect authentication code');
  user.totpEnabled = false;
  user.totpSecret = null;
  user.updatedAt = new Date();
  await em().flush();
  await endOtherSignIns(actor);
  return false;
}
