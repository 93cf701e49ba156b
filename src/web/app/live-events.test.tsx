import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MeResponse } from "#shared/schemas/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { EVENTS_URL, useLiveEvents } from "./live-events.tsx";

/** The browser's EventSource, as far as the hook uses it: each instance is kept to be driven. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  constructor(readonly url: string) {
    super();
    FakeEventSource.all.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string) {
    this.dispatchEvent(new MessageEvent(type, { data: "{}" }));
  }
}

const open = () => FakeEventSource.all.filter((s) => s.readyState !== FakeEventSource.CLOSED);
let visibility: DocumentVisibilityState = "visible";

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => void document.dispatchEvent(new Event("visibilitychange")));
}

function renderLive(user: MeResponse["user"]) {
  const client = new QueryClient();
  client.setQueryData(queryKeys.auth.me, { user } as MeResponse);
  const invalidate = vi.spyOn(client, "invalidateQueries");
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useLiveEvents(), { wrapper });
  const refreshed = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { ...view, refreshed, invalidate };
}

const someone = { id: "u1", name: "Amina", role: "buyer" } as MeResponse["user"];

beforeEach(() => {
  FakeEventSource.all = [];
  visibility = "visible";
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the live event stream in a tab", () => {
  it("opens one stream for a signed-in person and none for a visitor", () => {
    renderLive(null);
    expect(FakeEventSource.all).toHaveLength(0);
    renderLive(someone);
    expect(open().map((s) => s.url)).toEqual([EVENTS_URL]);
  });

  it("refreshes conversations on a message and the bell on a notification", () => {
    const { refreshed, invalidate } = renderLive(someone);
    const [stream] = open();
    act(() => stream!.emit("ready"));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => stream!.emit("message"));
    expect(refreshed()).toEqual([queryKeys.conversations.all]);
    act(() => stream!.emit("notification"));
    expect(refreshed()).toEqual([queryKeys.conversations.all, queryKeys.notifications.all]);
  });

  it("refreshes the bell as well when a conversation was read in another tab", () => {
    const { refreshed } = renderLive(someone);
    act(() => open()[0]!.emit("conversation"));
    expect(refreshed()).toEqual([queryKeys.conversations.all, queryKeys.notifications.all]);
  });

  it("closes while the tab is hidden, and coming back refetches what it may have missed", () => {
    const { refreshed } = renderLive(someone);
    act(() => open()[0]!.emit("ready"));
    setVisibility("hidden");
    expect(open()).toHaveLength(0);
    setVisibility("visible");
    expect(open()).toHaveLength(1);
    act(() => open()[0]!.emit("ready"));
    expect(refreshed()).toEqual([queryKeys.conversations.all, queryKeys.notifications.all]);
  });

  it("opens again, later, after the server answered something other than a stream", () => {
    vi.useFakeTimers();
    renderLive(someone);
    const first = open()[0]!;
    first.readyState = FakeEventSource.CLOSED;
    act(() => first.emit("error"));
    expect(open()).toHaveLength(0);
    act(() => void vi.advanceTimersByTime(2_000));
    expect(open()).toHaveLength(1);
  });

  it("closes its stream when the app in the tab goes away", () => {
    const { unmount } = renderLive(someone);
    unmount();
    expect(open()).toHaveLength(0);
  });
});
