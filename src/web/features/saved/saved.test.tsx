import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { buildListing } from "#web/test/listings.ts";
import { buyer, heldReply, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import { SaveButton } from "./save-button.tsx";
import SavedPage from "./saved-page.tsx";

const bike = { id: "l-7", model: "Yamaha FZ" };
const page = "/products/productdetails/l-7";
const routes = withToasts([
  { path: page, element: <SaveButton listing={bike} /> },
  { path: "/signin", element: <h1>Sign in page</h1> },
]);
const signedInAs = (user: unknown) => ({ "GET /api/auth/me": () => ({ body: { user } }) });

afterEach(() => vi.unstubAllGlobals());

describe("the saved-bikes heart", () => {
  it("is a toggle named for the bike: pressing saves at once, pressing again unsaves", async () => {
    const saved = new Set<string>();
    const fetchMock = mockApi({
      ...signedInAs(buyer),
      "GET /api/saved/ids": () => ({ body: { ids: [...saved] } }),
      "PUT /api/saved/l-7": () => {
        saved.add("l-7");
        return { body: { saved: true } };
      },
      "DELETE /api/saved/l-7": () => {
        saved.delete("l-7");
        return { body: { saved: false } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, page);
    const heart = await screen.findByRole("button", { name: MSG.saved.save("Yamaha FZ") });
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === "/api/saved/ids")).toBe(true));
    expect(heart).toHaveAttribute("aria-pressed", "false");

    await user.click(heart);
    await vi.waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "true"));
    expect(await screen.findByText(MSG.saved.savedToast("Yamaha FZ"))).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === "/api/saved/l-7" && init?.method === "PUT"),
    ).toBe(true);

    await user.click(heart);
    await vi.waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "false"));
    expect(await screen.findByText(MSG.saved.unsavedToast("Yamaha FZ"))).toBeInTheDocument();
  });

  it("changes back and says so when the server refuses", async () => {
    let answered = false;
    mockApi({
      ...signedInAs(buyer),
      "GET /api/saved/ids": () => ({ body: { ids: [] } }),
      "PUT /api/saved/l-7": async () => {
        answered = true;
        return { status: 500, body: { title: "Internal Server Error", status: 500, detail: "boom" } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, page);
    const heart = await screen.findByRole("button", { name: MSG.saved.save("Yamaha FZ") });
    await user.click(heart);
    expect(await screen.findByText(MSG.saved.failed)).toBeInTheDocument();
    expect(answered).toBe(true);
    await vi.waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "false"));
  });

  it("sends a signed-out visitor to sign in", async () => {
    mockApi(signedInAs(null));
    const user = userEvent.setup();
    renderRoutes(routes, page);
    const heart = await screen.findByRole("button", { name: MSG.saved.save("Yamaha FZ") });
    await user.click(heart);
    expect(await screen.findByRole("heading", { name: "Sign in page" })).toBeInTheDocument();
  });

  it("can be pressed before the session is known, and does what was pressed once it is", async () => {
    const session = heldReply({ body: { user: null } });
    mockApi({ "GET /api/auth/me": session.handler });
    const user = userEvent.setup();
    renderRoutes(routes, page);
    const heart = await screen.findByRole("button", { name: MSG.saved.save("Yamaha FZ") });
    // Drawn as it will be (not greyed out, then restyled once the session comes), and it takes the press.
    expect(heart).toBeEnabled();
    await user.click(heart);
    expect(screen.queryByRole("heading", { name: "Sign in page" })).toBeNull();

    session.release();
    expect(await screen.findByRole("heading", { name: "Sign in page" })).toBeInTheDocument();
  });

  it("pressed early by a buyer on a bike saved already, leaves it saved", async () => {
    const savedIds = heldReply({ body: { ids: ["l-7"] } });
    const fetchMock = mockApi({ ...signedInAs(buyer), "GET /api/saved/ids": savedIds.handler });
    const user = userEvent.setup();
    renderRoutes(routes, page);
    const heart = await screen.findByRole("button", { name: MSG.saved.save("Yamaha FZ") });
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === "/api/saved/ids")).toBe(true));
    // The heart showed "not saved": the press meant "save".
    await user.click(heart);
    savedIds.release();

    await vi.waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "true"));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE" || init?.method === "PUT")).toBe(
      false,
    );
  });

  it("is not there for a seller", async () => {
    mockApi(signedInAs({ ...buyer, id: "u-seller", role: "seller" }));
    renderRoutes(routes, page);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("the Saved page", () => {
  it("shows each saved bike, Stock Out once sold, and the drop since it was saved", async () => {
    mockApi({
      ...signedInAs(buyer),
      "GET /api/saved/ids": () => ({ body: { ids: ["l-1", "l-2"] } }),
      "GET /api/saved": () => ({
        body: {
          items: [
            {
              listing: buildListing({ id: "l-1", model: "Honda Hornet", askingPrice: 170_000 }),
              savedPrice: 185_000,
              savedAt: "2026-01-02T10:00:00.000Z",
            },
            {
              listing: buildListing({ id: "l-2", model: "Suzuki Gixxer", status: "sold" }),
              savedPrice: 150_000,
              savedAt: "2026-01-01T10:00:00.000Z",
            },
          ],
          nextCursor: null,
        },
      }),
    });
    renderRoutes([{ path: "/dashboard/saved", element: <SavedPage /> }], "/dashboard/saved");
    expect(await screen.findByRole("heading", { name: "Honda Hornet" })).toBeInTheDocument();
    expect(screen.getByText(MSG.saved.priceDropped("৳1,85,000"))).toBeInTheDocument();
    expect(screen.getAllByText(MSG.listing.stockOut)).toHaveLength(1);
    // Only the cheaper one says it dropped.
    expect(screen.getAllByText(/price dropped from/)).toHaveLength(1);
    const hearts = await screen.findAllByRole("button", { pressed: true });
    expect(hearts).toHaveLength(2);
  });

  it("says what it is for when nothing is saved", async () => {
    mockApi({
      ...signedInAs(buyer),
      "GET /api/saved": () => ({ body: { items: [], nextCursor: null } }),
    });
    renderRoutes([{ path: "/dashboard/saved", element: <SavedPage /> }], "/dashboard/saved");
    expect(await screen.findByRole("heading", { name: MSG.saved.empty })).toBeInTheDocument();
    expect(screen.getByText(MSG.saved.emptyHint)).toBeInTheDocument();
  });
});
