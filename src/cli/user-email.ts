import { changeEmail } from '../domain/users/users.service.ts';
import { asInput } from '../core/validation.ts';
import { cliOptions } from './args.ts';
import { resolveUser } from './resolve-user.ts';
import { runCli } from './run.ts';

/**
 * The operator sets a user's sign-in email: the API refuses another address alike whether it is
 * taken or free (it sends no mail to confirm one), so the one who runs the server does it. The
 * user's sessions and OAuth grants end; personal access tokens stay.
 */
const usage = 'npm run user:email -- --user <id|email> --email NEW';
const { values } = cliOptions({ user: { type: 'string' }, email: { type: 'string' } }, usage);

await runCli(async () => {
  const { id, email: was } = await resolveUser(values.user);
  const changed = await changeEmail(id, asInput({ email: values.email }));
  console.log(`User ${id} signs in as ${changed.email} now (was ${was}); their sessions and OAuth grants have ended`);
});
