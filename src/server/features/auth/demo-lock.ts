import { inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "#server/config.ts";
import { passwordResetTokens, sessions, users } from "#server/db/schema.ts";
import { Unauthorized } from "#server/errors.ts";
import { MSG } from "#shared/messages.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";

/**
 * The demo accounts' passwords are public (they are in the source and were shown on /signin). In
 * production without demo data, a database that still holds them (seeded by an earlier start, or
 * copied from a demo) must not let anyone in with them: these are the emails refused.
 */
export function lockedDemoEmails(config: Pick<Config, "env" | "seedDemo">): ReadonlySet<string> {
  const locked = config.env === "production" && !config.seedDemo;
  return new Set(locked ? DEMO_ACCOUNTS.map((a) => a.email) : []);
}

/**
 * Sign-in's rule: a locked demo account is answered like a wrong password, whatever was typed; so is
 * any account whose password is a demo account's (a demo account renamed, or its password copied).
 */
export function refuseLockedDemoAccount(
  config: Pick<Config, "env" | "seedDemo">,
  email: string,
  password: string,
): void {
  const locked = lockedDemoEmails(config);
  const demoPassword = locked.size > 0 && DEMO_ACCOUNTS.some((a) => a.password === password);
  if (demoPassword || locked.has(email.trim().toLowerCase())) {
    throw new Unauthorized(MSG.signin.wrongCredentials, { password: MSG.signin.wrongCredentials });
  }
}

/**
 * At start, when demo accounts are locked: names those this database holds in an error log, and
 * ends their sessions and reset links (the auth plugin also refuses any session of theirs).
 */
export const demoLockPlugin = fp(
  async (app: FastifyInstance, opts: { locked: ReadonlySet<string> }) => {
    if (opts.locked.size === 0) return;
    app.addHook("onReady", async () => {
      const found = await app.db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, [...opts.locked]));
      if (found.length === 0) return;
      const ids = found.map((u) => u.id);
      await app.db.delete(sessions).where(inArray(sessions.userId, ids));
      await app.db.delete(passwordResetTokens).where(inArray(passwordResetTokens.userId, ids));
      const emails = found.map((u) => u.email).sort();
      app.log.error(
        { demoAccounts: emails },
        `this database holds the demo accounts ${emails.join(", ")}, whose passwords are public: ` +
          "with demo data off in production they cannot sign in, and their sessions were ended",
      );
    });
  },
  { name: "demo-lock" },
);
