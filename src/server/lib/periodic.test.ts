import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runPeriodically } from "./periodic.ts";

const HOUR = 60 * 60 * 1000;

describe("runPeriodically", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs once when the app is ready, then every interval, and stops when the app closes", async () => {
    // Only the interval is faked: Fastify's own start-up uses the real queues.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const app = Fastify({ logger: false });
    const job = vi.fn(async () => {});
    runPeriodically(app, "test job", HOUR, job);
    expect(job).not.toHaveBeenCalled();

    await app.ready();
    expect(job).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(job).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(job).toHaveBeenCalledTimes(2);

    await app.close();
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(job).toHaveBeenCalledTimes(2);
  });

  it("with atStart false, waits the first interval before the first run", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const app = Fastify({ logger: false });
    const job = vi.fn(async () => {});
    runPeriodically(app, "test job", HOUR, job, { atStart: false });

    await app.ready();
    expect(job).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(job).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(job).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it("tells a run under way to stop as soon as the app starts closing, and closes once it has", async () => {
    const app = Fastify({ logger: false });
    let finish!: () => void;
    let told: AbortSignal | undefined;
    runPeriodically(app, "test job", HOUR, (signal) => {
      told = signal;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await app.ready();
    expect(told?.aborted).toBe(false);
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await vi.waitFor(() => expect(told?.aborted).toBe(true));
    expect(closed).toBe(false);
    finish();
    await closing;
    expect(closed).toBe(true);
  });

  it("never overlaps a run still under way, logs a failure and tries again next time", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const errors: unknown[] = [];
    const app = Fastify({ logger: false });
    app.log.error = ((obj: unknown) => errors.push(obj)) as typeof app.log.error;
    let finish!: () => void;
    const job = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)))
      .mockRejectedValueOnce(new Error("database down"))
      .mockResolvedValue();
    runPeriodically(app, "test job", HOUR, job);

    await app.ready();
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    // The first run has not finished: the two ticks did not start another.
    expect(job).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(job).toHaveBeenCalledTimes(2);
    expect(errors).toEqual([{ err: new Error("database down") }]);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(job).toHaveBeenCalledTimes(3);
    await app.close();
  });
});
