import { parseArgs } from 'node:util';
import { accountErrors, createStaffAccount } from '../modules/auth/service.js';
import { type FieldError, HttpError } from '../platform/errors.js';
import { CliError, type CliIo, usageError } from './io.js';
import { openServerDatabase } from './server-database.js';

/**
 * `halaqa create-admin`: creates a staff account through the sign-up's rules and hashing
 * (auth/service.ts `createStaffAccount`). The name's first word is the first name, the rest the
 * last name.
 * @throws CliError 2 for missing or unknown options or a one-word name; 1 for a refused account
 *   (a field the rules refuse, a taken e-mail, the two passwords typed differently).
 */
export async function createAdmin(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, name: { type: 'string' }, super: { type: 'boolean' } },
    strict: true,
    allowPositionals: false,
  });
  if (!values.email) throw usageError('create-admin needs --email');
  if (!values.name) throw usageError('create-admin needs --name');
  const [firstName = '', ...rest] = values.name.trim().split(/\s+/);
  const lastName = rest.join(' ');
  if (!lastName) throw usageError('--name needs a first and a last name, e.g. --name "Sara Ali"');
  const role = values.super ? 'SUPER_ADMIN' : 'ADMIN';

  let password = io.env.HALAQA_ADMIN_PASSWORD ?? '';
  if (!password) {
    password = await io.readSecret(`Password for ${values.email}: `);
    if (io.interactive && (await io.readSecret('The same password again: ')) !== password)
      throw new CliError('The two passwords differ: nothing was created.');
  }

  const account = { email: values.email, firstName, lastName, password, role } as const;
  // The service checks them too; checked first here, a refusal does not wait for the database.
  const problems = accountErrors(account);
  if (problems.length) throw refusal(problems);
  const { config, handle, close } = await openServerDatabase(io, { migrated: true });
  try {
    const user = await createStaffAccount({ db: handle.db, config }, account);
    io.out(
      `Created ${role} ${user.first_name} ${user.last_name} <${user.email}> (user ${user.id}) in ${handle.describe}; they sign in at ${config.publicUrl}/login.`,
    );
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    throw err.errors ? refusal(err.errors) : new CliError(`Not created: ${err.message}.`);
  } finally {
    await close();
  }
}

/** The refusal of an account whose fields break the rules, one `field problem` after the other. */
const refusal = (errors: FieldError[]) =>
  new CliError(`Not created: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`);
