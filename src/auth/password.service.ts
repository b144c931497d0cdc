import type { z } from 'zod';
import { authorize, type Actor } from '../core/actor.ts';
import { Invalid } from '../core/errors.ts';
import { parse } from '../core/validation.ts';
import { em } from '../db/context.ts';
import { loadUser } from '../domain/users/users.service.ts';
import { AccessToken } from './access-token.entity.ts';
import { PasswordChange } from './auth.schemas.ts';
import { guessPassword, type ClientInfo } from './login.service.ts';
import { hashPassword } from './passwords.ts';
import { endOtherSignIns } from './sessions.service.ts';

/**
 * Changing the password needs the current one (a session left open on a shared computer must not
 * be enough), counted against the same budget as sign-in guesses. Other sessions and OAuth grants end;
 * personal access tokens stay (the user made each one) unless revoke_access_tokens asks to end them too.
 */
export async function changePassword(actor: Actor, input: z.input<typeof PasswordChange>, client: ClientInfo): Promise<void> {
  authorize(actor, actor.userId, 'account');
  const { current_password, new_password, revoke_access_tokens } = parse(PasswordChange, input);
  const user = await loadUser(actor.userId);
  // A wrong current password is a mistake in the form, not a failed sign-in: the session stays valid.
  if (!(await guessPassword(client, user.email, current_password, async () => user))) {
    throw Invalid.at(['current_password'], 'Incorrect password');
  }
  user.passwordHash = await hashPassword(new_password);
  user.updatedAt = new Date();
  await em().flush();
  await endOtherSignIns(actor);
  if (revoke_access_tokens) await em().nativeDelete(AccessToken, { userId: actor.userId });
}
