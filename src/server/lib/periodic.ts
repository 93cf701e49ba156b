import type { FastifyInstance } from "fastify";

/**
 * Runs `job` once the app is ready (unless `atStart` is false) and then every `intervalMs` while it
 * is up. A run never overlaps the previous one, a failure is logged and retried next time, the timer
 * never keeps the process alive, and closing the app stops it and waits for a run under way.
 */
export function runPeriodically(
  app: FastifyInstance,
  what: string,
  intervalMs: number,
  job: () => Promise<void>,
  { atStart = true }: { atStart?: boolean } = {},
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = job()
      .catch((err: unknown) => app.log.error({ err }, `${what} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook("onReady", async () => {
    if (atStart) run();
    timer = setInterval(run, intervalMs).unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
