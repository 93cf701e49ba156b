import { act, fireEvent, screen } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, expect, it } from "vitest";
import { SearchBox } from "./listing-filters.tsx";

/**
 * A rendered list shows its search box before the app's code has come (the code waits for the page's
 * photo): a person may type in it first. Hydration keeps what they typed, and Enter sends it.
 */

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

const page = () => (
  <RouterProvider
    router={createMemoryRouter(
      [
        {
          path: "/products/all",
          element: (
            <>
              <SearchBox />
              <Where />
            </>
          ),
        },
      ],
      { initialEntries: ["/products/all"] },
    )}
  />
);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = "";
});

it("keeps a search typed before hydration, and Enter sends it", async () => {
  const container = document.createElement("div");
  container.innerHTML = renderToString(page());
  document.body.append(container);
  const box = container.querySelector<HTMLInputElement>("#filter-q")!;
  // Typed into the server's HTML, before React has taken it over.
  box.value = "storm";

  await act(async () => {
    root = hydrateRoot(container, page());
  });
  expect(screen.getByRole("searchbox", { name: "Search bikes" })).toHaveValue("storm");

  await act(async () => {
    fireEvent.submit(screen.getByRole("search"));
  });
  expect(screen.getByTestId("where")).toHaveTextContent("?q=storm");
  expect(screen.getByRole("searchbox", { name: "Search bikes" })).toHaveValue("storm");
});
