import { parseArgs } from "node:util";
import { z } from "zod";
import { ConfigError, loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { UncommonPasswordSchema } from "#server/features/auth/common-passwords.ts";
import { createUser, findUserByEmail } from "#server/features/auth/service.ts";
import { resetMfa } from "#server/features/auth/two-factor.ts";
import { isUniqueViolation } from "#server/lib/pg-errors.ts";
import { EmailSchema } from "#shared/schemas/auth.ts";

const usage = `Usage: npm run admin -- create --email <email> --name <name> --password <password>
       npm run admin -- reset-mfa --email <email>

create     Creates an administrator account. Admins are never made through sign-up.
reset-mfa  Turns off a person's two-step sign-in (a lost phone): clears the authenticator secret and
           the recovery codes and ends every session; they sign in with the password and enrol again.
Uses the same DATABASE_URL / DATA_DIR as the server.`;

const ResetMfaSchema = z.object({ email: EmailSchema("--email is required") });

const CreateAdminSchema = z.object({
  email: EmailSchema("--email is required"),
  name: z.string({ error: "--name is required" }).trim().min(1, { error: "--name is required" }),
  password: UncommonPasswordSchema,
});

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      password: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || !["create", "reset-mfa"].includes(positionals[0] ?? "")) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  if (positionals[0] === "reset-mfa") return resetMfaCommand(values);
  const parsed = CreateAdminSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`error: ${issue.message}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
  try {
    if (await findUserByEmail(database.db, parsed.data.email)) {
      console.error(`error: an account with ${parsed.data.email} already exists`);
      return 1;
    }
    await createUser(database.db, { ...parsed.data, role: "admin" });
    console.log(`Admin ${parsed.data.email} created.`);
    return 0;
  } catch (err) {
    if (isUniqueViolation(err)) {
      console.error(`error: an account with ${parsed.data.email} already exists`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

async function resetMfaCommand(values: { email?: string | undefined }): Promise<number> {
  const parsed = ResetMfaSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`error: ${issue.message}`);
    return 2;
  }
  const { email } = parsed.data;
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
  try {
    const user = await findUserByEmail(database.db, email);
    if (!user) {
      console.error(`error: there is no account with ${email}`);
      return 1;
    }
    await resetMfa(database.db, user.id);
    console.log(
      `Two-step sign-in of ${email} is reset and their sessions ended; they can sign in and enrol again.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof TypeError ? `error: ${err.message}` : err);
  process.exitCode = 1;
}
