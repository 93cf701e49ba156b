import type { FastifyBaseLogger } from "fastify";

export type Background = {
  /** Starts `job` without waiting for it; a failure is logged with `what`. */
  run(what: string, job: () => Promise<void>): void;
  /** Resolves once every job started so far (and any they started) has finished. */
  idle(): Promise<void>;
};

/**
 * Work a request starts but does not wait for, so that how long the answer takes tells the caller
 * nothing (e.g. whether an address has an account and a mail went out). The app waits for it on close.
 */
export function createBackground(log: FastifyBaseLogger): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(what, job) {
      const running: Promise<void> = Promise.resolve()
        .then(job)
        .catch((err: unknown) => log.error({ err }, `${what} failed`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
