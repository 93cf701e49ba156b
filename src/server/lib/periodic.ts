import type { FastifyInstance } from "fastify";

/** How long closing waits for a run before saying which job it is waiting for. */
const SLOW_CLOSE_MS = 2_000;

/**
 * Runs `job` once the app is ready (unless `atStart` is false) and then every `intervalMs` while it
 * is up. A run never overlaps the previous one, a failure is logged and retried next time, the timer
 * never keeps the process alive, and closing the app stops it and waits for a run under way.
 *
 * `signal` is aborted as soon as the app starts closing (before it waits for requests in flight): a
 * job that loops (the outbox worker drains batch after batch) finishes the work it holds and takes no
 * more, so a node told SIGTERM under load exits within its 10 s (src/server/main.ts).
 */
export function runPeriodically(
  app: FastifyInstance,
  what: string,
  intervalMs: number,
  job: (signal: AbortSignal) => Promise<void>,
  { atStart = true }: { atStart?: boolean } = {},
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const stopping = new AbortController();
  const run = () => {
    if (running || stopping.signal.aborted) return;
    running = job(stopping.signal)
      .catch((err: unknown) => app.log.error({ err }, `${what} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook("onReady", async () => {
    if (atStart) run();
    timer = setInterval(run, intervalMs).unref();
  });
  app.addHook("preClose", async () => {
    clearInterval(timer);
    stopping.abort();
  });
  // After preClose (above): no run starts from here on.
  app.addHook("onClose", async () => {
    if (!running) return;
    // Said when a close is slow, so that a node's log names what held its shutdown.
    const slow = setTimeout(
      () => app.log.warn(`closing: still waiting for ${what} to finish`),
      SLOW_CLOSE_MS,
    );
    slow.unref();
    await running;
    clearTimeout(slow);
  });
}
