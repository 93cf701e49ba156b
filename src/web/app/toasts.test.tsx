import { QueryClient } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { toast } from "#web/lib/toast.ts";
import { AppProviders } from "./app-providers.tsx";
import { clearToastsOnPageChange, TOAST_LIMIT } from "./toasts.ts";

/** Two plain pages and a third, under the app's own toast container. */
function renderApp() {
  const router = createMemoryRouter(
    ["/a", "/b", "/c"].map((path) => ({ path, element: <h1>{`Page ${path}`}</h1> })),
    { initialEntries: ["/a"] },
  );
  const stop = clearToastsOnPageChange(router);
  render(
    <AppProviders queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, stop };
}

/** The toast's page is decided after the task that raised it: let that pass. */
const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

let stop = () => {};
afterEach(async () => {
  stop();
  await act(() => toast.dismiss());
});

describe("toasts", () => {
  it("leave with the page they were shown on, but not on a hash or query change", async () => {
    const app = renderApp();
    stop = app.stop;
    let id: string | number = "";
    act(() => {
      id = toast("Saved on page a");
    });
    expect(await screen.findByText("Saved on page a")).toBeInTheDocument();
    await nextTask();

    await act(() => app.router.navigate("/a?sort=price#top"));
    expect(toast.isActive(id)).toBe(true);

    await act(() => app.router.navigate("/b"));
    await screen.findByRole("heading", { name: "Page /b" });
    await waitFor(() => expect(toast.isActive(id)).toBe(false));
  });

  it("stay when raised just before the navigation they announce", async () => {
    const app = renderApp();
    stop = app.stop;
    let id: string | number = "";
    await act(async () => {
      id = toast("Please sign in first");
      await app.router.navigate("/c");
    });
    await nextTask();
    expect(await screen.findByText("Please sign in first")).toBeInTheDocument();
    expect(toast.isActive(id)).toBe(true);

    // …and leave with that page in turn.
    await act(() => app.router.navigate("/a"));
    await waitFor(() => expect(toast.isActive(id)).toBe(false));
  });

  // The third shows once one of the two has gone: after its exit animation, which jsdom never ends
  // (the browser check, e2e/navigation.spec.ts, sees it happen).
  it(`show at most ${TOAST_LIMIT} at once; the next waits for a place`, async () => {
    const app = renderApp();
    stop = app.stop;
    act(() => {
      for (const text of ["first", "second", "third"]) toast(text);
    });
    await screen.findByText("second");
    expect(screen.getByText("first")).toBeInTheDocument();
    expect(screen.queryByText("third")).not.toBeInTheDocument();
  });
});
