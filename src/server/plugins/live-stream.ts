import sse from "@fastify/sse";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import type { Database, Db, Unlisten } from "#server/db/client.ts";
import { HttpProblem, ServiceUnavailable } from "#server/errors.ts";
import { loadSession } from "#server/features/auth/sessions.ts";
import { LIVE_CHANNEL, type LiveEvent } from "#server/lib/live-events.ts";
import { MSG } from "#shared/messages.ts";

/**
 * One thing a tab hears: `id` is its place in the `live_event_id` sequence (the SSE id a reconnect
 * sends back as Last-Event-ID), `to` the people allowed to hear it (read from the rows, not trusted
 * from the NOTIFY payload), `event` the SSE event name and `data` what the API would answer for it.
 */
export type LiveItem = { id: number; to: string[]; event: string; data: unknown };

/**
 * Where a kind of event is read from. A feature registers one for the rows it owns (messages,
 * notifications), so this plugin reads no feature's table itself.
 */
export type LiveSource = {
  /** The items with these ids (a NOTIFY named them). */
  load(db: Db, ids: number[]): Promise<LiveItem[]>;
  /** The person's items after `afterId`, oldest first, at most `limit`. */
  replay(db: Db, userId: string, afterId: number, limit: number): Promise<LiveItem[]>;
};

type SourceType = Exclude<LiveEvent["type"], "conversation">;

export type LiveStream = {
  /** Registers where `type`'s rows are read (call once per type, from the owning feature's routes). */
  source(type: SourceType, source: LiveSource): void;
  /** Open streams on this node (the bench and the health of a node). */
  openCount(): number;
};

declare module "fastify" {
  interface FastifyInstance {
    liveStream: LiveStream;
  }
}

/** A reconnect replays at most this many; past it the tab is told to fetch everything again. */
export const REPLAY_LIMIT = 200;
/** Streams one person may hold open on one node; opening another closes their oldest. */
export const STREAMS_PER_PERSON = 12;
/** How often an open stream checks that its session still holds (signed out, expired, deleted). */
const SESSION_CHECK_MS = 60_000;
/** Comments that keep proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** How soon a tab whose node is shutting down reconnects (the SSE `retry` field it is sent). */
export const DRAIN_RETRY_MS = 250;

type Stream = { reply: FastifyReply; userId: string; sessionId: string; timer: NodeJS.Timeout };

class NotAcceptable extends HttpProblem {
  constructor() {
    super(406, "Not Acceptable", MSG.live.eventStreamOnly);
  }
}

/**
 * The event stream (`GET /api/events`): one server-sent event stream per browser tab carrying
 * everything for the signed-in person — new messages, conversation changes, notifications.
 *
 * Every node LISTENs on one channel with one connection (`Database.listen`). A writer NOTIFYs in its
 * transaction (`publishLive`), so the event is heard on commit, by every node, and never for a
 * rolled-back write. On a NOTIFY a node loads the row once through its source and writes it to the
 * open streams of the people it is for. The tables stay the source of truth: a reconnect sends
 * Last-Event-ID and gets what came after it, and a tab that was away refetches its lists.
 */
export const liveStreamPlugin = fp(
  async (app: FastifyInstance, opts: { database: Pick<Database, "listen"> }) => {
    const sources = new Map<SourceType, LiveSource>();
    const streams = new Map<string, Set<Stream>>();
    let unlisten: Unlisten | undefined;
    let open = 0;
    let draining = false;

    app.decorate("liveStream", {
      source(type, source) {
        sources.set(type, source);
      },
      openCount: () => open,
    } satisfies LiveStream);

    const write = (stream: Stream, message: { id?: string; event: string; data: unknown }) => {
      if (!stream.reply.sse.isConnected) return;
      stream.reply.sse
        .send(message)
        .catch((err: unknown) => app.log.debug({ err }, "live stream write failed"));
    };

    const send = (stream: Stream, item: LiveItem) =>
      write(stream, { id: String(item.id), event: item.event, data: item.data });
    const deliver = (items: LiveItem[]) => {
      for (const item of items) {
        for (const userId of item.to) for (const stream of streams.get(userId) ?? []) send(stream, item);
      }
    };

    // NOTIFYs arriving together are loaded together: one query per kind per turn of the event loop.
    const pending = new Map<SourceType, Set<number>>();
    let flushing = false;
    const flush = async () => {
      flushing = false;
      const batch = [...pending];
      pending.clear();
      for (const [type, ids] of batch) {
        const source = sources.get(type);
        if (!source) continue;
        try {
          deliver(await source.load(app.db, [...ids]));
        } catch (err) {
          app.log.error({ err, type }, "loading live events failed");
        }
      }
    };

    const onPayload = (payload: string) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(payload) as LiveEvent;
      } catch {
        return;
      }
      const listening = event.to.filter((userId) => streams.has(userId));
      if (listening.length === 0) return;
      if (event.type === "conversation") {
        // Nothing to load: the tab refetches the conversation. Not replayable, so it carries no id.
        for (const userId of listening) {
          for (const stream of streams.get(userId) ?? [])
            write(stream, { event: "conversation", data: { id: event.id } });
        }
        return;
      }
      const ids = pending.get(event.type) ?? new Set<number>();
      ids.add(Number(event.id));
      pending.set(event.type, ids);
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    };

    // The listening connection was down: whatever was sent meanwhile never reached this node, so
    // every open tab is told to fetch its lists again.
    const onReconnect = () => {
      for (const set of streams.values())
        for (const stream of set) write(stream, { event: "reset", data: {} });
    };

    app.addHook("onReady", async () => {
      unlisten = await opts.database.listen(LIVE_CHANNEL, onPayload, onReconnect);
    });
    // Before the server stops taking connections: an open stream would hold close() forever. A node
    // shutting down (SIGTERM, a rolling restart) tells each tab to come back soon, then ends its
    // stream: the browser reconnects through the proxy to a node still running, sending Last-Event-ID,
    // and gets what it missed replayed. A stream asked for from now on is refused (503), so a
    // reconnect that lands here again is passed on by the proxy (`proxy_next_upstream http_503`).
    app.addHook("preClose", async () => {
      draining = true;
      await unlisten?.();
      await Promise.all(
        [...streams.values()].flatMap((set) =>
          [...set].map(async (stream) => {
            if (stream.reply.sse.isConnected) {
              await stream.reply.sse
                .send({ event: "reconnect", data: {}, retry: DRAIN_RETRY_MS })
                .catch(() => {});
            }
            stream.reply.sse.close();
          }),
        ),
      );
      streams.clear();
    });

    async function replay(userId: string, lastEventId: string): Promise<LiveItem[] | "reset"> {
      const after = Number(lastEventId);
      if (!Number.isSafeInteger(after) || after < 0) return "reset";
      const all: LiveItem[] = [];
      for (const source of sources.values())
        all.push(...(await source.replay(app.db, userId, after, REPLAY_LIMIT + 1)));
      if (all.length > REPLAY_LIMIT) return "reset";
      return all.sort((a, b) => a.id - b.id);
    }

    await app.register(sse, { heartbeatInterval: HEARTBEAT_MS });

    app.get(
      "/api/events",
      {
        sse: "dual",
        config: { access: "signedIn", noStore: true },
        schema: {
          tags: ["live"],
          summary: "The signed-in person's event stream (text/event-stream)",
          description:
            "Server-sent events: `message` (a new message in one of the person's conversations, as GET /api/conversations/:id/messages shows it), `notification` (a new notification, as GET /api/notifications shows it), `conversation` (a conversation changed: read, blocked, an offer decided; `data.id`), `reset` (fetch everything again), `ready` (the stream is open), `reconnect` (this node is shutting down: the stream ends and the browser connects again, soon, to another). Send Last-Event-ID to replay what came after it. Ask with `Accept: text/event-stream`.",
        },
      },
      async (request, reply) => {
        if (!reply.sse) throw new NotAcceptable();
        if (draining) throw new ServiceUnavailable(MSG.live.nodeDraining, 1);
        const user = request.user!;
        const sessionId = request.sessionId!;
        reply.sse.keepAlive();
        const lastEventId = reply.sse.lastEventId;
        const stream: Stream = {
          reply,
          userId: user.id,
          sessionId,
          timer: setInterval(() => {
            loadSession(app.db, sessionId).then(
              (session) => {
                if (!session) reply.sse.close();
              },
              (err: unknown) => app.log.warn({ err }, "live stream session check failed"),
            );
          }, SESSION_CHECK_MS).unref(),
        };
        const mine = streams.get(user.id) ?? new Set<Stream>();
        if (mine.size >= STREAMS_PER_PERSON) {
          const oldest = mine.values().next().value;
          if (oldest) oldest.reply.sse.close();
        }
        mine.add(stream);
        streams.set(user.id, mine);
        open++;
        reply.sse.onClose(() => {
          clearInterval(stream.timer);
          open--;
          const set = streams.get(user.id);
          set?.delete(stream);
          if (set?.size === 0) streams.delete(user.id);
        });
        // Registered before the replay is read: an event committed meanwhile is sent live, and at
        // worst twice (the tab keeps one per id).
        await reply.sse.send({ event: "ready", data: {}, retry: 3000 });
        if (lastEventId) {
          const missed = await replay(user.id, lastEventId);
          if (missed === "reset") write(stream, { event: "reset", data: {} });
          else for (const item of missed) if (item.to.includes(user.id)) send(stream, item);
        }
      },
    );
  },
  { name: "live-stream" },
);
