import { parseArgs } from "node:util";
import { z } from "zod";
import { EmailSchema, NewPasswordSchema } from "#shared/schemas/auth.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { createUser, findUserByEmail } from "../features/auth/service.ts";
import { isUniqueViolation } from "../lib/pg-errors.ts";

const usage = `Usage: npm run admin -- create --email <email> --name <name> --password <password>

Creates an administrator account. Admins are never made through sign-up.
Uses the same DATABASE_URL / DATA_DIR as the server.`;

const CreateAdminSchema = z.object({
  email: EmailSchema("--email is required"),
  name: z.string({ error: "--name is required" }).trim().min(1, { error: "--name is required" }),
  password: NewPasswordSchema,
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
  if (values.help || positionals[0] !== "create") {
    console.log(usage);
    return values.help ? 0 : 2;
  }
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

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof TypeError ? `error: ${err.message}` : err);
  process.exitCode = 1;
}
