/** One server-sent event as a client sees it. */
export type SseEvent = { id?: string; event: string; data: unknown };

/**
 * A real HTTP client of an event stream (fetch, read as it arrives), for tests and the bench:
 * `next(match)` resolves with the first event, received or still to come, that `match` accepts.
 */
export type EventStreamClient = {
  status: number;
  contentType: string | null;
  /** The body of an answer that is not a stream (a problem). */
  body?: unknown;
  events: SseEvent[];
  next(match?: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
};

function parseBlock(block: string): SseEvent | undefined {
  let event = "message";
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "id") id = value;
    else if (field === "data") data.push(value);
  }
  if (data.length === 0) return undefined;
  const text = data.join("\n");
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { ...(id !== undefined ? { id } : {}), event, data: parsed };
}

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
  /** Told of each event as it arrives (the bench times them). */
  onEvent?: (e: SseEvent) => void,
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<{ match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }>();
  let consumed = 0;
  const client: EventStreamClient = {
    status: res.status,
    contentType: res.headers.get("content-type"),
    events,
    next(match = () => true, timeoutMs = 10_000) {
      const index = events.findIndex((e, i) => i >= consumed && match(e));
      if (index !== -1) {
        consumed = index + 1;
        return Promise.resolve(events[index]!);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const waiter = {
          match,
          resolve: (e: SseEvent) => {
            clearTimeout(timer);
            resolve(e);
          },
        };
        waiters.add(waiter);
      });
    },
    close: () => controller.abort(),
  };
  if (!res.ok || !res.body) {
    return { ...client, body: await res.json().catch(() => null) };
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n/g, "\n");
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const parsed = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          if (!parsed) continue;
          onEvent?.(parsed);
          events.push(parsed);
          for (const waiter of waiters) {
            if (waiter.match(parsed)) {
              waiters.delete(waiter);
              consumed = events.length;
              waiter.resolve(parsed);
              break;
            }
          }
        }
      }
    } catch {
      // Aborted by close(), or the server ended the stream.
    }
  })();
  return client;
}
