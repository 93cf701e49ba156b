import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { use } from "react";
import { Outlet, useSearchParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { Listing, ListingsSearchPage, NearbySearches } from "#shared/schemas/listings.ts";
import { buildListing } from "#web/test/listings.ts";
import { problemAnswer, problemReply } from "#web/test/problems.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import CategoryPage from "./category-page.tsx";
import { ListingsLayout } from "./listings-layout.tsx";

const routes = [
  {
    path: "/products",
    element: <ListingsLayout />,
    children: [
      { path: "/products/productdetails/:id", element: <h1>Details page</h1> },
      { path: "/products/:category", Component: CategoryPage },
    ],
  },
  { path: "/sellers/:id", element: <h1>Seller page</h1> },
];

const categories = {
  categories: [
    { slug: "commuter", label: "Commuter" },
    { slug: "electric", label: "Electric" },
  ],
};

const bike = (n: number): Listing => buildListing({ id: `l-${n}`, model: `Bike ${n}` });

const page = (items: Listing[], nextCursor: string | null = null, total = items.length, capped = false) =>
  ({ items, nextCursor, total, totalIsCapped: capped }) satisfies ListingsSearchPage;

const problem = problemAnswer;

/**
 * The API of these pages: no session call at all (browsing is public), the categories, the brands,
 * and GET /api/listings answered by `listings` from its query.
 */
function serve(
  listings: (query: URLSearchParams) => ReturnType<typeof problem> | { body: unknown },
  nearby: () => ReturnType<typeof problem> | { body: NearbySearches } = () => ({ body: { searches: [] } }),
) {
  return mockApi({
    "GET /api/categories": () => ({ body: categories }),
    "GET /api/listings/brands": () => ({ body: { brands: ["Bajaj", "Honda", "Yamaha"] } }),
    "GET /api/listings": (_init, url) => listings(url.searchParams),
    "GET /api/listings/nearby": () => nearby(),
  });
}

/** Answers GET /api/listings per category and cursor: `pages[category][cursor ?? ""]`. */
function servePages(pages: Record<string, Record<string, ListingsSearchPage>>) {
  return serve((q) => {
    const found = pages[q.get("category")!]?.[q.get("cursor") ?? ""];
    return found ? { body: found } : problem(404, MSG.listing.unknownCategory);
  });
}

/** Holds (suspends) the page's render of a max price picked without a district until `until` settles. */
function SlowToRender({ until }: { until: Promise<void> }) {
  const [query] = useSearchParams();
  if (query.get("maxPrice") && !query.get("district")) use(until);
  return null;
}

/** React's switch for act() warnings, which a test driving the DOM directly turns off. */
const reactTesting = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

/** Types or picks `value` as a browser does: through the element's own setter, then its event. */
function setValue(element: HTMLElement, value: string, event: "input" | "change") {
  const prototype =
    element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(element, value);
  element.dispatchEvent(new Event(event, { bubbles: true }));
}

/** The listing requests made so far, as their query strings. */
const listingQueries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), "http://localhost"))
    .filter((u) => u.pathname === "/api/listings")
    .map((u) => u.search);

afterEach(() => vi.unstubAllGlobals());

describe("a category of bikes", () => {
  it("shows a signed-out visitor the category's bikes as compact cards, with their count", async () => {
    servePages({ commuter: { "": page([bike(1), bike(2)]) } });
    const user = userEvent.setup();
    renderRoutes(routes, "/products/commuter");

    expect(screen.getByRole("status", { name: "Loading bikes" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Commuter" })).toBeInTheDocument();
    expect(await screen.findAllByRole("article")).toHaveLength(2);
    expect(screen.getByText("2 bikes")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Bike 2" }));
    expect(await screen.findByRole("heading", { name: "Details page" })).toBeInTheDocument();
  });

  it("asks for the first card's photo first, a phone-sized variant, and leaves the rest lazy past the first screen", async () => {
    servePages({ commuter: { "": page([1, 2, 3, 4, 5, 6].map(bike)) } });
    renderRoutes(routes, "/products/commuter");

    const photos = (await screen.findAllByRole("article")).map((card, i) =>
      within(card).getByRole("img", { name: `Bike ${i + 1}` }),
    );
    expect(photos[0]).toHaveAttribute("fetchpriority", "high");
    expect(photos[0]).toHaveAttribute("loading", "eager");
    for (const later of photos.slice(1)) expect(later).not.toHaveAttribute("fetchpriority");
    expect(photos.map((p) => p.getAttribute("loading"))).toEqual([
      "eager",
      "eager",
      "eager",
      "eager",
      "lazy",
      "lazy",
    ]);
    // Below 640 px the photo is two fifths of a one-column card: a 360-412 px phone needs 320 or 640.
    expect(photos[0]!.getAttribute("sizes")).toMatch(/, 40vw$/);
  });

  it("links each card's seller to their page", async () => {
    servePages({ all: { "": page([bike(1)]) } });
    const user = userEvent.setup();
    renderRoutes(routes, "/products/all");

    const card = await screen.findByRole("article", { name: "Bike 1" });
    await user.click(within(card).getByRole("link", { name: "Karim Motors" }));
    expect(await screen.findByRole("heading", { name: "Seller page" })).toBeInTheDocument();
  });

  it.each([
    [page([bike(1)], null, 1), "1 bike"],
    [page([bike(1)], "c1", 24), "24 bikes"],
    [page([bike(1)], "c1", 1000, true), "1,000+ bikes"],
  ])("counts the matching bikes (%#)", async (answer, text) => {
    serve(() => ({ body: answer }));
    renderRoutes(routes, "/products/all");
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("moves to another category from the drawer's Category dropdown, and says when it is empty", async () => {
    const fetchMock = servePages({
      commuter: { "": page([bike(1)]) },
      electric: { "": page([]) },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/products/commuter");

    const select = screen.getByRole("combobox", { name: "Category" });
    await screen.findByRole("option", { name: "Electric" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All", "Commuter", "Electric"]);
    expect(select).toHaveValue("commuter");
    await user.selectOptions(select, "Electric");

    expect(await screen.findByText("There are no products in Electric")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/products/electric");
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/listings?category=electric", expect.anything());
  });

  it("loads the next page from the Load more button", async () => {
    const fetchMock = servePages({ all: { "": page([bike(1)], "c1"), c1: page([bike(2)]) } });
    const user = userEvent.setup();
    renderRoutes(routes, "/products/all");

    expect(await screen.findByRole("heading", { level: 1, name: "All bikes" })).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("article", { name: "Bike 2" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/listings?category=all&cursor=c1", expect.anything());
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("loads the next page by itself when the end of the list scrolls into view", async () => {
    let reachEnd = () => {};
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(private readonly onChange: (entries: { isIntersecting: boolean }[]) => void) {}
        observe() {
          reachEnd = () => this.onChange([{ isIntersecting: true }]);
        }
        disconnect() {
          reachEnd = () => {};
        }
      },
    );
    servePages({ all: { "": page([bike(1)], "c1"), c1: page([bike(2)]) } });
    renderRoutes(routes, "/products/all");

    await screen.findByRole("button", { name: "Load more" });
    expect(screen.queryByRole("article", { name: "Bike 2" })).not.toBeInTheDocument();
    act(() => reachEnd());
    expect(await screen.findByRole("article", { name: "Bike 2" })).toBeInTheDocument();
  });

  it("says so, with a way back, for a category that does not exist", async () => {
    servePages({});
    renderRoutes(routes, "/products/spaceships");
    expect(await screen.findByRole("heading", { name: MSG.listing.unknownCategory })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See all bikes" })).toHaveAttribute("href", "/products/all");
  });

  it("offers to try again when the bikes cannot be loaded", async () => {
    let fail = true;
    serve(() => (fail ? problemReply("internal", { detail: "down" }) : { body: page([bike(1)]) }));
    const user = userEvent.setup();
    renderRoutes(routes, "/products/all");

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(MSG.generic.somethingWrong);
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "Bike 1" })).toBeInTheDocument();
  });
});

describe("search, filters and sort in the URL", () => {
  /** Every bike whose model holds `q` (as the server would, roughly), the count beside them. */
  const market = [
    buildListing({ id: "l-1", model: "Pulsar 150", brand: "Bajaj" }),
    buildListing({ id: "l-2", model: "FZ-S V3", brand: "Yamaha" }),
    buildListing({ id: "l-3", model: "Pulsar N160", brand: "Bajaj" }),
  ];
  const serveMarket = () =>
    serve((q) => {
      const term = q.get("q")?.toLowerCase() ?? "";
      const items = market.filter((l) => l.model.toLowerCase().includes(term));
      return { body: page(items) };
    });

  it("narrows by what is typed into the search box: one history entry per search, and Back restores", async () => {
    const fetchMock = serveMarket();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/products/all");
    expect(await screen.findAllByRole("article")).toHaveLength(3);

    const box = screen.getByRole("searchbox", { name: "Search bikes" });
    await user.type(box, "pul");
    await waitFor(() => expect(router.state.location.search).toBe("?q=pul"));
    // A pause mid-word, then more letters: the same history entry follows the box.
    await user.type(box, "sar");
    await waitFor(() => expect(router.state.location.search).toBe("?q=pulsar"));
    await waitFor(() => expect(listingQueries(fetchMock)).toContain("?category=all&q=pulsar"));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
    expect(screen.getByText("2 bikes")).toBeInTheDocument();
    // Letters typed before a pause do not each leave a request behind.
    expect(listingQueries(fetchMock)).not.toContain("?category=all&q=p");
    expect(listingQueries(fetchMock)).not.toContain("?category=all&q=puls");

    act(() => void router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(screen.getByRole("searchbox", { name: "Search bikes" })).toHaveValue("");
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(3));

    act(() => void router.navigate(1));
    await waitFor(() =>
      expect(screen.getByRole("searchbox", { name: "Search bikes" })).toHaveValue("pulsar"),
    );
  });

  it("sends Enter's search at once", async () => {
    const fetchMock = serveMarket();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/products/all");
    await screen.findAllByRole("article");

    await user.type(screen.getByRole("searchbox", { name: "Search bikes" }), "fz{Enter}");
    expect(router.state.location.search).toBe("?q=fz");
    expect(await screen.findByText("1 bike")).toBeInTheDocument();
    expect(listingQueries(fetchMock)).toContain("?category=all&q=fz");
  });

  it("reads every filter and the sort from a shared link into the controls and the request", async () => {
    const fetchMock = serveMarket();
    const link =
      "/products/commuter?q=pulsar&brand=Bajaj&minPrice=50000&maxPrice=150000&minCc=100&maxCc=160" +
      "&minYear=2018&maxYear=2023&maxKm=30000&district=dhaka&verified=true&negotiable=true&sold=include&sort=price_asc";
    renderRoutes(routes, link);

    expect(await screen.findByRole("searchbox", { name: "Search bikes" })).toHaveValue("pulsar");
    await screen.findByRole("option", { name: "Honda" });
    expect(screen.getByRole("combobox", { name: "Brand" })).toHaveValue("Bajaj");
    expect(screen.getByRole("spinbutton", { name: "Min price" })).toHaveValue(50000);
    expect(screen.getByRole("spinbutton", { name: "Max price" })).toHaveValue(150000);
    expect(screen.getByRole("spinbutton", { name: "Min engine CC" })).toHaveValue(100);
    expect(screen.getByRole("spinbutton", { name: "Max engine CC" })).toHaveValue(160);
    expect(screen.getByRole("spinbutton", { name: "From year" })).toHaveValue(2018);
    expect(screen.getByRole("spinbutton", { name: "To year" })).toHaveValue(2023);
    expect(screen.getByRole("spinbutton", { name: "Max km run" })).toHaveValue(30000);
    expect(screen.getByRole("combobox", { name: "District" })).toHaveValue("dhaka");
    expect(screen.getByRole("checkbox", { name: "Verified sellers only" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Negotiable only" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Show sold bikes" })).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("price_asc");
    await waitFor(() =>
      expect(listingQueries(fetchMock)).toEqual([
        "?category=commuter&q=pulsar&brand=Bajaj&minPrice=50000&maxPrice=150000&minCc=100&maxCc=160" +
          "&minYear=2018&maxYear=2023&maxKm=30000&district=dhaka&verified=true&negotiable=true&sold=include&sort=price_asc",
      ]),
    );
  });

  it("puts each filter the buyer sets into the URL, each a step Back undoes", async () => {
    const fetchMock = serveMarket();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/products/all");
    await screen.findAllByRole("article");
    const params = () => Object.fromEntries(new URLSearchParams(router.state.location.search));

    await user.selectOptions(await screen.findByRole("combobox", { name: "Brand" }), "Bajaj");
    await user.selectOptions(screen.getByRole("combobox", { name: "District" }), "Chattogram");
    await user.click(screen.getByRole("checkbox", { name: "Verified sellers only" }));
    await user.type(screen.getByRole("spinbutton", { name: "Max price" }), "150000");
    await user.tab();
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Price: low to high");

    expect(params()).toEqual({
      brand: "Bajaj",
      district: "chattogram",
      verified: "true",
      maxPrice: "150000",
      sort: "price_asc",
    });
    await waitFor(() =>
      expect(listingQueries(fetchMock)).toContain(
        "?category=all&brand=Bajaj&maxPrice=150000&district=chattogram&verified=true&sort=price_asc",
      ),
    );

    act(() => void router.navigate(-1));
    await waitFor(() => expect(params().sort).toBeUndefined());
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("newest");
    act(() => void router.navigate(-1));
    await waitFor(() => expect(screen.getByRole("spinbutton", { name: "Max price" })).toHaveValue(null));
    expect(params()).toEqual({ brand: "Bajaj", district: "chattogram", verified: "true" });
  });

  it("keeps a price entered a moment before the next filter, while the page has not caught up yet", async () => {
    serveMarket();
    // React renders a navigation in a transition, which can take a while on a phone (or yield to the
    // next event): here it waits until released, so the District is picked while the page still
    // shows the query before the price.
    let release = () => {};
    const slowRender = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { router } = renderRoutes(
      [
        {
          element: (
            <>
              <Outlet />
              <SlowToRender until={slowRender} />
            </>
          ),
          children: routes,
        },
      ],
      "/products/all",
    );
    await screen.findAllByRole("article");
    const params = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
    // Events straight from the DOM, and React's renders on its own schedule, as in a browser (the
    // testing library's events go through act(), which would wait for the held render).
    const actEnvironment = reactTesting.IS_REACT_ACT_ENVIRONMENT;
    reactTesting.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const max = screen.getByRole("spinbutton", { name: "Max price" });
      setValue(max, "150000", "input");
      max.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
      await waitFor(() => expect(params()).toEqual({ maxPrice: "150000" }));
      expect(screen.getByRole("button", { name: MSG.listing.clearFilters })).toBeDisabled();
      setValue(screen.getByRole("combobox", { name: "District" }), "dhaka", "change");

      await waitFor(() => expect(params()).toEqual({ maxPrice: "150000", district: "dhaka" }));
      release();
      await waitFor(() => expect(screen.getByRole("combobox", { name: "District" })).toHaveValue("dhaka"));
      expect(screen.getByRole("spinbutton", { name: "Max price" })).toHaveValue(150000);
    } finally {
      reactTesting.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it("lists the 64 districts alphabetically", async () => {
    serveMarket();
    renderRoutes(routes, "/products/all");
    const options = within(await screen.findByRole("combobox", { name: "District" }))
      .getAllByRole("option")
      .map((o) => o.textContent ?? "");
    expect(options[0]).toBe("All districts");
    expect(options).toHaveLength(65);
    expect(options.slice(1)).toEqual([...options.slice(1)].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("keeps the search when the category changes", async () => {
    const fetchMock = serveMarket();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/products/all?q=pulsar&maxPrice=150000");
    await screen.findByRole("option", { name: "Electric" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Category" }), "Electric");
    expect(router.state.location.pathname).toBe("/products/electric");
    expect(router.state.location.search).toBe("?q=pulsar&maxPrice=150000");
    await waitFor(() =>
      expect(listingQueries(fetchMock)).toContain("?category=electric&q=pulsar&maxPrice=150000"),
    );
  });

  it("clears search, filters and sort in one step", async () => {
    const fetchMock = serveMarket();
    const user = userEvent.setup();
    const { router } = renderRoutes(
      routes,
      "/products/all?q=pulsar&district=dhaka&verified=true&sort=km_asc",
    );
    expect(await screen.findByText("2 bikes")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: MSG.listing.clearFilters }));
    expect(router.state.location.search).toBe("");
    expect(screen.getByRole("searchbox", { name: "Search bikes" })).toHaveValue("");
    expect(screen.getByRole("combobox", { name: "District" })).toHaveValue("");
    expect(screen.getByRole("checkbox", { name: "Verified sellers only" })).not.toBeChecked();
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("newest");
    expect(await screen.findByText("3 bikes")).toBeInTheDocument();
    expect(listingQueries(fetchMock).at(-1)).toBe("?category=all");
    expect(screen.getByRole("button", { name: MSG.listing.clearFilters })).toBeDisabled();
  });

  it("says no bike matches the filters and offers to clear them", async () => {
    serveMarket();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/products/all?q=harley");

    const heading = await screen.findByRole("heading", { name: MSG.listing.noMatches });
    expect(screen.getByText("0 bikes")).toBeInTheDocument();
    const empty = heading.parentElement!;
    await user.click(within(empty).getByRole("button", { name: MSG.listing.clearFilters }));
    expect(router.state.location.search).toBe("");
    expect(await screen.findAllByRole("article")).toHaveLength(3);
  });

  it("offers each filter as a chip that removes it alone, and the nearest searches with their counts", async () => {
    const fetchMock = serve(
      () => ({ body: page([]) }),
      () => ({
        body: {
          searches: [
            { key: "maxPrice", value: "180000", total: 2, totalIsCapped: false },
            { key: "district", value: null, total: 1, totalIsCapped: false },
          ],
        },
      }),
    );
    const user = userEvent.setup();
    const query = "q=storm&maxPrice=150000&district=dhaka&verified=true&sort=price_asc";
    const { router } = renderRoutes(routes, `/products/all?${query}`);
    const params = () => Object.fromEntries(new URLSearchParams(router.state.location.search));

    const empty = (await screen.findByRole("heading", { name: MSG.listing.noMatches })).parentElement!;
    const chips = within(
      within(empty).getByRole("region", { name: MSG.listing.removeOneFilter }),
    ).getAllByRole("button");
    expect(chips.map((chip) => chip.textContent)).toEqual([
      "Search: “storm”",
      "Max price: ৳1,50,000",
      "District: Dhaka",
      "Verified sellers only",
    ]);
    const nearby = within(empty).getByRole("region", { name: MSG.listing.nearbyHeading });
    expect(await within(nearby).findByRole("link", { name: "Up to ৳1,80,000" })).toHaveAttribute(
      "href",
      "/products/all?q=storm&maxPrice=180000&district=dhaka&verified=true&sort=price_asc",
    );
    expect(within(nearby).getByRole("link", { name: "In every district" })).toHaveAttribute(
      "href",
      "/products/all?q=storm&maxPrice=150000&verified=true&sort=price_asc",
    );
    expect(nearby).toHaveTextContent("Up to ৳1,80,000 (2 bikes)In every district (1 bike)");
    // Asked once, for the page's own search.
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes("/nearby"));
    expect(asked).toEqual([`/api/listings/nearby?category=all&${query}`]);

    await user.click(within(empty).getByRole("button", { name: "Remove District: Dhaka" }));
    expect(params()).toEqual({ q: "storm", maxPrice: "150000", verified: "true", sort: "price_asc" });
  });

  it("says when the nearest searches cannot be looked up, with a retry, and keeps the chips", async () => {
    let fail = true;
    serve(
      () => ({ body: page([]) }),
      () =>
        fail
          ? problem(503, "try again")
          : { body: { searches: [{ key: "brand", value: null, total: 3, totalIsCapped: false }] } },
    );
    const user = userEvent.setup();
    renderRoutes(routes, "/products/all?brand=Harley");

    const failed = await screen.findByText(MSG.listing.nearbyFailed, { exact: false });
    expect(screen.getByRole("button", { name: "Remove Brand: Harley" })).toBeInTheDocument();
    fail = false;
    await user.click(within(failed).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Any brand" })).toHaveAttribute("href", "/products/all");
  });

  it("keeps the category's own empty message when only the sort is set", async () => {
    serve(() => ({ body: page([]) }));
    renderRoutes(routes, "/products/all?sort=price_desc");
    expect(await screen.findByText(MSG.listing.empty("any category"))).toBeInTheDocument();
    expect(screen.queryByText(MSG.listing.noMatches)).not.toBeInTheDocument();
  });

  it("explains a bad value in a link (400) and clears it, rather than a blank page", async () => {
    serve((q) =>
      q.get("minPrice") === "cheap"
        ? problem(400, "give a whole number", { minPrice: "give a whole number" })
        : { body: page([bike(1)]) },
    );
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/products/all?minPrice=cheap");

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Min price: give a whole number");
    await user.click(within(alert).getByRole("button", { name: MSG.listing.clearFilters }));
    expect(router.state.location.search).toBe("");
    expect(await screen.findByRole("article", { name: "Bike 1" })).toBeInTheDocument();
  });

  it("keeps the bikes shown when a later page is refused (a stale cursor)", async () => {
    serve((q) =>
      q.get("cursor")
        ? problem(400, MSG.listing.badCursor, { cursor: MSG.listing.badCursor })
        : { body: page([bike(1)], "c1") },
    );
    const user = userEvent.setup();
    renderRoutes(routes, "/products/all?maxKm=20000");
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.listing.badCursor);
    expect(screen.getByRole("article", { name: "Bike 1" })).toBeInTheDocument();
    expect(screen.queryByText(/These filters can't be used/)).not.toBeInTheDocument();
  });

  it("shows sold bikes, Stock Out, only when asked to", async () => {
    serve((q) =>
      q.get("sold") === "include"
        ? { body: page([bike(1), buildListing({ id: "l-9", model: "Sold one", status: "sold" })]) }
        : { body: page([bike(1)]) },
    );
    const user = userEvent.setup();
    renderRoutes(routes, "/products/all");
    await screen.findByRole("article", { name: "Bike 1" });
    expect(screen.queryByText(MSG.listing.stockOut)).not.toBeInTheDocument();

    await user.click(screen.getByRole("checkbox", { name: "Show sold bikes" }));
    const sold = await screen.findByRole("article", { name: "Sold one" });
    expect(within(sold).getByText(MSG.listing.stockOut)).toBeInTheDocument();
  });
});
