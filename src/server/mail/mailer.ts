import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "#server/config.ts";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe (notification emails). */
  headers?: Record<string, string>;
  /**
   * `<…@host>`: a notification's email sends the same id however often it is tried, so a copy sent
   * again after a crash between the SMTP server's OK and our record of it is recognised as one.
   */
  messageId?: string;
};

export type Mailer = {
  /** Resolves once the SMTP server accepted the message (or it is in the outbox). */
  send(mail: Mail): Promise<void>;
  close(): void;
};

/** A slow or silent SMTP server must not hold a send (and the work waiting on it) for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * SMTP when SMTP_URL is set. Without it (development and tests only; production refuses to start)
 * each message is written as an .eml file to DATA_DIR/outbox and its links are logged, so the
 * password-reset flow works on a fresh clone with no mail server.
 */
export function createMailer(config: Config["mail"], log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(mail) {
        await transport.sendMail({ from: config.from, ...mail });
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.from, ...mail });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(config.outboxDir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      await fs.mkdir(config.outboxDir, { recursive: true });
      await fs.writeFile(file, info.message);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info(
        { to: mail.to, subject: mail.subject, file, links },
        "mail written to the outbox (no SMTP_URL)",
      );
    },
    close: () => transport.close(),
  };
}
