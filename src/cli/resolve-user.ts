import { Invalid } from '../core/errors.ts';
import { findUserByEmail, loadUser } from '../domain/users/users.service.ts';

/** `--user` takes a user id or an email address. */
export async function resolveUser(ref: string | undefined): Promise<{ id: string; email: string; timezone: string }> {
  if (!ref) throw Invalid.at(['user'], 'Required: a user id or email');
  const user = /^[0-9a-f-]{36}$/i.test(ref) ? await loadUser(ref) : await findUserByEmail(ref);
  if (!user) throw Invalid.at(['user'], `No user ${ref}`);
  return user;
}
