import { createUser } from '../domain/accounts/registration.ts';
import { cliOptions } from './args.ts';
import { runCli } from './run.ts';
import { asInput } from '../core/validation.ts';

const usage = 'npm run user:create -- --email E --password P [--timezone Europe/Berlin]';
const { values } = cliOptions({ email: { type: 'string' }, password: { type: 'string' }, timezone: { type: 'string' } }, usage);

await runCli(async () => {
  const user = await createUser(asInput({ email: values.email, password: values.password, timezone: values.timezone }));
  console.log(`Created user ${user.email} (timezone ${user.timezone})`);
  console.log(`user_id: ${user.id}`);
});
