import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { type ReactNode, useLayoutEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "#web/lib/query-keys.ts";
import { buyer, mockApi } from "#web/test/render.tsx";
import { SessionProvider, useSession, useShownSession } from "./session.ts";

afterEach(() => vi.unstubAllGlobals());

/** Writes down, at every commit, who each reading of the session says is signed in. */
function Probe({ commits }: { commits: string[] }) {
  const fresh = useSession().user?.name ?? "nobody";
  const shown = useShownSession().user?.name ?? "nobody";
  useLayoutEffect(() => {
    commits.push(`${fresh} / ${shown}`);
  });
  return <p>{shown}</p>;
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** The app's providers around `children`, on `queryClient`. */
const tree = (queryClient: QueryClient, children: ReactNode) => (
  <QueryClientProvider client={queryClient}>
    <SessionProvider>{children}</SessionProvider>
  </QueryClientProvider>
);

function renderProbe() {
  const queryClient = newClient();
  const commits: string[] = [];
  render(tree(queryClient, <Probe commits={commits} />));
  return { queryClient, commits };
}

describe("the session", () => {
  it("is drawn a render after it changes: what decides sees it first", async () => {
    mockApi({ "GET /api/auth/me": () => ({ body: { user: null } }) });
    const { queryClient, commits } = renderProbe();
    expect(await screen.findByText("nobody")).toBeInTheDocument();
    commits.length = 0;

    act(() => queryClient.setQueryData(queryKeys.auth.me, { user: buyer }));

    expect(await screen.findByText(buyer.name)).toBeInTheDocument();
    // The synchronous render the query's update causes commits with the new session for `useSession`
    // and the old one for `useShownSession`; the deferred render then brings the drawing up to date.
    expect(commits).toEqual([`${buyer.name} / nobody`, `${buyer.name} / ${buyer.name}`]);
  });

  it("is asked for once something reads it, and not before", async () => {
    const fetchMock = mockApi({ "GET /api/auth/me": () => ({ body: { user: buyer } }) });
    const queryClient = newClient();
    const { rerender } = render(tree(queryClient, <p>no reader</p>));
    await screen.findByText("no reader");
    expect(fetchMock).not.toHaveBeenCalled();

    rerender(tree(queryClient, <Probe commits={[]} />));
    expect(await screen.findByText(buyer.name)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("is asked for again when a reader mounts after it has gone stale", async () => {
    const fetchMock = mockApi({ "GET /api/auth/me": () => ({ body: { user: buyer } }) });
    const queryClient = newClient();
    const page = (readers: number) =>
      tree(
        queryClient,
        ["first", "second", "third"].slice(0, readers).map((reader) => <Probe key={reader} commits={[]} />),
      );
    const { rerender } = render(page(1));
    expect(await screen.findByText(buyer.name)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Fresh: a second reader asks nothing.
    rerender(page(2));
    await screen.findAllByText(buyer.name).then((found) => expect(found).toHaveLength(2));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Stale (its minute has passed): the next reader's mount asks again, as a query's own mount would.
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.auth.me, refetchType: "none" }));
    rerender(page(3));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
