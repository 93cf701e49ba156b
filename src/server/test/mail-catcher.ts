import { EventEmitter, once } from "node:events";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CaughtMail = {
  /** Envelope recipients, as the sending server gave them. */
  to: string[];
  from: { name: string; address: string } | undefined;
  subject: string;
  text: string;
  html: string;
  raw: Buffer;
};

export type MailCatcher = {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  messages: CaughtMail[];
  /** Resolves with the mails to `to` once there are `count` of them. */
  waitFor(to: string, count?: number): Promise<CaughtMail[]>;
  /** Holds every message's final "250 OK" until the returned function is called. */
  hold(): () => void;
  close(): Promise<void>;
};

/** A real SMTP server on a random loopback port that keeps what it receives (no TLS, no auth needed). */
export async function startMailCatcher(
  opts: { onMessage?: (raw: Buffer) => void } = {},
): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const arrivals = new EventEmitter();
  let gate: Promise<void> = Promise.resolve();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        try {
          await gate;
          const raw = Buffer.concat(chunks);
          const parsed = await simpleParser(raw);
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: parsed.from?.value[0] && {
              name: parsed.from.value[0].name,
              address: parsed.from.value[0].address ?? "",
            },
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: parsed.html || "",
            raw,
          });
          opts.onMessage?.(raw);
          arrivals.emit("mail");
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  // A sender that vanishes mid-message (a node killed: the cluster test) is its own problem, not the
  // server's: without a listener, smtp-server's "error" event would end this whole process.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  const to = (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(address, count = 1) {
      while (to(address).length < count) await once(arrivals, "mail");
      return to(address);
    },
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
