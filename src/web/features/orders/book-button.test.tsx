import { useQuery } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { ToastContainer } from "react-toastify";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { Listing, MyOrder } from "#shared/schemas/listings.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { buildListing } from "#web/test/listings.ts";
import { problemReply } from "#web/test/problems.ts";
import { buyer, heldReply, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import { BookButton } from "./book-button.tsx";
import { MyOrderPanel } from "./held-booking.tsx";

const listing: Listing = buildListing({
  postedAt: "2026-01-05T10:00:00.000Z",
  photo: { src: "/img/a.webp", srcSet: "/img/a.webp 320w", width: 320, height: 240 },
  seller: { id: "s-1", name: "Karim Motors", photo: null, verified: false, rating: { average: 0, count: 0 } },
});

const detailsPath = "/products/productdetails/l-1";
const routes = (l: Listing = listing) => [
  {
    element: (
      <>
        <Outlet />
        <ToastContainer />
      </>
    ),
    children: [
      { path: detailsPath, element: <BookButton listing={l} /> },
      { path: "/signin", element: <h1>Sign in page</h1> },
    ],
  },
];
const signedInAs = (user: typeof buyer | null) => ({
  "GET /api/auth/me": () => ({ body: { user } }),
  // The booking form asks for the buyer's latest order, to offer its phone: none yet.
  "GET /api/me/orders": () => ({ body: { items: [], nextCursor: null } }),
});

/** Book now as the details page composes it: the buyer's own booking in its place. */
function BookWithMyOrder({ listing: l, myOrder }: { listing: Listing; myOrder: MyOrder | null }) {
  return (
    <BookButton
      listing={l}
      myOrder={myOrder}
      renderMyOrder={(order, focus) => <MyOrderPanel myOrder={order} model={l.model} {...focus} />}
    />
  );
}

/** The bike as its page has it: from the API, refetched when the listings are invalidated. */
function BikePage() {
  const { data } = useQuery({
    queryKey: queryKeys.listings.detail("l-1"),
    queryFn: () => api<{ listing: Listing; myOrder?: MyOrder | null }>("/api/listings/l-1"),
  });
  return data ? <BookWithMyOrder listing={data.listing} myOrder={data.myOrder ?? null} /> : null;
}

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

describe("Book now", () => {
  it("validates phone and meeting location with MotoHaat's messages before sending anything", async () => {
    const fetchMock = mockApi(signedInAs(buyer));
    const user = userEvent.setup();
    renderRoutes(routes(), detailsPath);

    await user.click(await screen.findByRole("button", { name: "Book now" }));
    const dialog = await screen.findByRole("dialog", { name: `Book ${listing.model}` });
    // What the buyer confirms is shown as text; the only fields are the two the seller needs.
    expect(dialog).toHaveTextContent(`Bike model${listing.model}`);
    expect(dialog).toHaveTextContent("Price৳1,50,000");
    expect(dialog).toHaveTextContent(`Your name${buyer.name}`);
    expect(dialog).toHaveTextContent(`Your email${buyer.email}`);
    expect(within(dialog).getAllByRole("textbox")).toEqual([
      within(dialog).getByLabelText("Phone"),
      within(dialog).getByLabelText("Meeting location"),
    ]);
    expect(within(dialog).getByLabelText("Phone")).toHaveFocus();
    expect(within(dialog).getByLabelText("Phone")).toHaveValue("");

    await user.click(within(dialog).getByRole("button", { name: "Confirm booking" }));
    expect(await within(dialog).findByText(MSG.order.phoneRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Meeting location")).toHaveAccessibleDescription(
      MSG.order.locationRequired,
    );

    await user.type(within(dialog).getByLabelText("Phone"), "call me");
    await user.click(within(dialog).getByRole("button", { name: "Confirm booking" }));
    expect(await within(dialog).findByText(MSG.order.phoneInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith("/api/orders", expect.anything());
  });

  it("books, says so, closes and refetches the listings", async () => {
    const fetchMock = mockApi({
      ...signedInAs(buyer),
      "POST /api/orders": () => ({ status: 201, body: { order: {} } }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(routes(), detailsPath);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");

    const opener = await screen.findByRole("button", { name: "Book now" });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Phone"), "+880 1712-345678");
    await user.type(within(dialog).getByLabelText("Meeting location"), " Dhanmondi 27 ");
    await user.click(within(dialog).getByRole("button", { name: "Confirm booking" }));

    expect(await screen.findByText(MSG.order.booked(listing.model))).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/orders");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      listingId: "l-1",
      expectedPrice: 150000,
      // Stored in one form whichever way it was typed.
      phone: "+8801712345678",
      meetingLocation: "Dhanmondi 27",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.listings.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.orders.all });
  });

  it("tells the loser of a race that the bike has just been sold", async () => {
    mockApi({
      ...signedInAs(buyer),
      "POST /api/orders": () => problemReply("order.justSold"),
    });
    const user = userEvent.setup();
    renderRoutes(routes(), detailsPath);

    await user.click(await screen.findByRole("button", { name: "Book now" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Phone"), "01712345678");
    await user.type(within(dialog).getByLabelText("Meeting location"), "Mirpur 10");
    await user.click(within(dialog).getByRole("button", { name: "Confirm booking" }));

    expect(await screen.findByText(MSG.order.justSold)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("says a buyer at the limit of unpaid bookings why, in the form, not that the bike was sold", async () => {
    // Known by its code: the server's words may change.
    const reworded = "Three bookings are waiting for payment: pay or cancel one first.";
    mockApi({
      ...signedInAs(buyer),
      "POST /api/orders": () => problemReply("order.tooManyHolds", { detail: reworded }),
    });
    const user = userEvent.setup();
    renderRoutes(routes(), detailsPath);

    await user.click(await screen.findByRole("button", { name: "Book now" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Phone"), "01712345678");
    await user.type(within(dialog).getByLabelText("Meeting location"), "Mirpur 10");
    await user.click(within(dialog).getByRole("button", { name: "Confirm booking" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(reworded);
    expect(screen.getByRole("dialog")).toBe(dialog);
    expect(screen.queryByText(MSG.order.justSold)).not.toBeInTheDocument();
  });

  it("offers the last booking's phone only when it is a number booking accepts now", async () => {
    let phone = "call 01711 after 6pm";
    let asked = 0;
    mockApi({
      ...signedInAs(buyer),
      "GET /api/me/orders": () => {
        asked++;
        return { body: { items: [{ phone }], nextCursor: null } };
      },
    });
    const user = userEvent.setup();
    const { unmount } = renderRoutes(routes(), detailsPath);
    await user.click(await screen.findByRole("button", { name: "Book now" }));
    const dialog = await screen.findByRole("dialog");
    // The same form with a valid last phone fills it in; this one leaves the field for the buyer.
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    await act(async () => {}); // the answer's render
    expect(within(dialog).getByLabelText("Phone")).toHaveValue("");
    unmount();

    phone = "+8801712345678";
    renderRoutes(routes(), detailsPath);
    await user.click(await screen.findByRole("button", { name: "Book now" }));
    const again = await screen.findByRole("dialog");
    await waitFor(() => expect(within(again).getByLabelText("Phone")).toHaveValue("01712-345678"));
  });

  it("says so when the seller changed the price meanwhile, shows the new price and books at it", async () => {
    let askingPrice = 150000;
    const sent: unknown[] = [];
    mockApi({
      ...signedInAs(buyer),
      "GET /api/listings/l-1": () => ({ body: { listing: { ...listing, askingPrice } } }),
      "POST /api/orders": (init) => {
        const body = JSON.parse(String(init?.body)) as { expectedPrice?: number };
        sent.push(body);
        if (body.expectedPrice !== askingPrice) {
          // Known by its code, whatever the server's words.
          return problemReply("order.priceChanged", { detail: "The price is not what it was." });
        }
        return { status: 201, body: { order: {} } };
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: detailsPath, element: <BikePage /> }], detailsPath);

    await user.click(await screen.findByRole("button", { name: "Book now" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Price৳1,50,000");
    askingPrice = 165000; // The seller edits the price while the buyer types.
    await user.type(within(dialog).getByLabelText("Phone"), "01712345678");
    await user.type(within(dialog).getByLabelText("Meeting location"), "Mirpur 10");
    await user.click(within(dialog).getByRole("button", { name: "Confirm booking" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(MSG.order.priceChanged);
    await waitFor(() => expect(dialog).toHaveTextContent("Price৳1,65,000"));
    expect(screen.getByRole("dialog")).toBe(dialog);
    expect(sent).toEqual([expect.objectContaining({ expectedPrice: 150000 })]);

    await user.click(within(dialog).getByRole("button", { name: "Confirm booking" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent).toEqual([
      expect.objectContaining({ expectedPrice: 150000 }),
      expect.objectContaining({ expectedPrice: 165000, phone: "+8801712345678" }),
    ]);
  });

  it("closes on Escape without booking", async () => {
    mockApi(signedInAs(buyer));
    const user = userEvent.setup();
    renderRoutes(routes(), detailsPath);
    await user.click(await screen.findByRole("button", { name: "Book now" }));
    fireEvent(await screen.findByRole("dialog"), new Event("cancel", { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it.each([
    ["a buyer finds the form open", buyer, true],
    ["a seller gets nothing", { ...buyer, id: "u-seller", role: "seller" as const }, false],
  ])(
    "is drawn ready before the session is known, and a press then is carried out once it is: %s",
    async (_label, who, opens) => {
      const session = heldReply({ body: { user: who } });
      mockApi({ ...signedInAs(buyer), "GET /api/auth/me": session.handler });
      const user = userEvent.setup();
      renderRoutes(routes(), detailsPath);
      // Not greyed out while the session is on its way (the server's page is drawn the same).
      const button = await screen.findByRole("button", { name: "Book now" });
      expect(button).toBeEnabled();
      await user.click(button);
      expect(screen.queryByRole("dialog")).toBeNull();

      session.release();
      if (opens) {
        expect(await screen.findByRole("dialog", { name: `Book ${listing.model}` })).toBeInTheDocument();
      } else {
        await screen.findByRole("button", { description: "Only buyer accounts can book bikes." });
        expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      }
    },
  );

  it("tells a signed-out visitor to sign in, and sends them there to come back to this bike's booking form", async () => {
    const fetchMock = mockApi(signedInAs(null));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes(), detailsPath);

    const button = await screen.findByRole("button", {
      name: "Book now",
      description: MSG.listing.signInToBook,
    });
    expect(screen.getByText(MSG.listing.signInToBook)).toBeVisible();
    await user.click(button);

    expect(await screen.findByRole("heading", { name: "Sign in page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/signin");
    expect(new URLSearchParams(router.state.location.search).get("from")).toBe(`${detailsPath}?book=1`);
    expect(await screen.findByText(MSG.auth.signInFirst)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith("/api/orders", expect.anything());
  });

  it("opens the booking form for a buyer back from sign-in (?book=1), and drops the parameter", async () => {
    mockApi(signedInAs(buyer));
    const { router } = renderRoutes(routes(), `${detailsPath}?book=1`);

    const dialog = await screen.findByRole("dialog", { name: `Book ${listing.model}` });
    expect(within(dialog).getByLabelText("Phone")).toHaveFocus();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(router.state.location.pathname).toBe(detailsPath);
    expect(screen.queryByText(MSG.listing.signInToBook)).not.toBeInTheDocument();
  });

  it.each([
    ["a seller", { ...buyer, role: "seller" as const }],
    ["a signed-out visitor", null],
  ])("opens nothing for %s on ?book=1, and drops the parameter", async (_who, who) => {
    mockApi(signedInAs(who as typeof buyer | null));
    const { router } = renderRoutes(routes(), `${detailsPath}?book=1`);
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it.each([
    ["a new buyer finds the booking form open", "buyer" as const, true],
    ["a new seller finds the bike without it", "seller" as const, false],
  ])("back from signing up on the way (Book now → sign-in → sign-up), %s", async (_label, role, opens) => {
    mockApi(signedInAs(null));
    const user = userEvent.setup();
    const { router, queryClient } = renderRoutes(routes(), detailsPath);

    await user.click(await screen.findByRole("button", { name: "Book now" }));
    await screen.findByRole("heading", { name: "Sign in page" });
    const from = new URLSearchParams(router.state.location.search).get("from")!;
    // What sign-up does on success: the new account becomes the session, then it follows `from`.
    queryClient.setQueryData(queryKeys.auth.me, { user: { ...buyer, id: "u-new", role } });
    await router.navigate(from, { replace: true });

    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(router.state.location.pathname).toBe(detailsPath);
    if (opens) {
      expect(await screen.findByRole("dialog", { name: `Book ${listing.model}` })).toBeInTheDocument();
    } else {
      expect(
        screen.getByRole("button", { description: "Only buyer accounts can book bikes." }),
      ).toBeDisabled();
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    }
  });

  it("opens nothing on ?book=1 once the bike is sold", async () => {
    mockApi(signedInAs(buyer));
    const { router } = renderRoutes(routes({ ...listing, status: "sold" }), `${detailsPath}?book=1`);
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(screen.getByRole("button", { name: MSG.listing.stockOut })).toBeDisabled();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("reads Stock Out and cannot be pressed once the bike is sold", async () => {
    mockApi(signedInAs(buyer));
    renderRoutes(routes({ ...listing, status: "sold" }), detailsPath);
    expect(await screen.findByRole("button", { name: "Stock Out" })).toBeDisabled();
  });

  it("offers the phone of the buyer's last booking, as people read it, and books with it", async () => {
    const fetchMock = mockApi({
      ...signedInAs(buyer),
      "GET /api/me/orders": () => ({
        body: { items: [{ id: "o-old", phone: "+8801812345678" }], nextCursor: null },
      }),
      "POST /api/orders": () => ({ status: 201, body: { order: {} } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes(), detailsPath);

    await user.click(await screen.findByRole("button", { name: "Book now" }));
    const dialog = await screen.findByRole("dialog");
    const phone = within(dialog).getByLabelText("Phone");
    await waitFor(() => expect(phone).toHaveValue("01812-345678"));
    expect(phone).toHaveAccessibleDescription(MSG.booking.phoneFromLastBooking);
    expect(fetchMock).toHaveBeenCalledWith("/api/me/orders?limit=1", expect.anything());
    await user.type(within(dialog).getByLabelText("Meeting location"), "Mirpur 10");
    await user.click(within(dialog).getByRole("button", { name: "Confirm booking" }));

    await screen.findByText(MSG.order.booked(listing.model));
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/orders");
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ phone: "+8801812345678" });
  });

  it("leaves a phone the buyer has started typing alone when the last one arrives", async () => {
    let answer: () => void = () => {};
    mockApi({
      ...signedInAs(buyer),
      "GET /api/me/orders": async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return { body: { items: [{ id: "o-old", phone: "+8801812345678" }], nextCursor: null } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes(), detailsPath);

    await user.click(await screen.findByRole("button", { name: "Book now" }));
    const phone = within(await screen.findByRole("dialog")).getByLabelText("Phone");
    await user.type(phone, "0191");
    answer();
    await waitFor(() => expect(phone).not.toHaveAccessibleDescription(MSG.booking.phoneFromLastBooking));
    expect(phone).toHaveValue("0191");
  });
  it("is not offered to a seller", async () => {
    mockApi(signedInAs({ ...buyer, role: "seller" } as unknown as typeof buyer));
    renderRoutes(routes(), detailsPath);
    // While the session loads the button waits (disabled) too; the explanation comes with the role.
    const button = await screen.findByRole("button", { description: "Only buyer accounts can book bikes." });
    expect(button).toHaveTextContent("Book now");
    expect(button).toBeDisabled();
  });
});

describe("the buyer's own booking in Book now's place", () => {
  const HOUR = 3_600_000;
  const heldOrder = (over: Partial<MyOrder> = {}): MyOrder => ({
    id: "o1",
    status: "held",
    holdUntil: new Date(Date.now() + 47.5 * HOUR).toISOString(),
    ...over,
  });
  const sold = { ...listing, status: "sold" as const };

  it("books: the toast stays, and focus moves to 'Booked by you — pay within 48 hours' with Pay and Cancel booking", async () => {
    let myOrder: MyOrder | null = null;
    mockApi({
      ...signedInAs(buyer),
      "GET /api/listings/l-1": () => ({ body: { listing: myOrder ? sold : listing, myOrder } }),
      "POST /api/orders": () => {
        myOrder = heldOrder();
        return { status: 201, body: { order: {} } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(withToasts([{ path: detailsPath, element: <BikePage /> }]), detailsPath);

    await user.click(await screen.findByRole("button", { name: "Book now" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Phone"), "01712345678");
    await user.type(within(dialog).getByLabelText("Meeting location"), "Mirpur 10");
    await user.click(within(dialog).getByRole("button", { name: "Confirm booking" }));

    expect(await screen.findByText(MSG.order.booked(listing.model))).toBeInTheDocument();
    const message = await screen.findByText(MSG.booking.heldByYou("48 hours"));
    await waitFor(() => expect(message).toHaveFocus());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: MSG.listing.stockOut })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: `Pay for ${listing.model}` })).toHaveAttribute(
      "href",
      "/dashboard/payment/o1",
    );
    expect(screen.getByRole("button", { name: "Cancel booking" })).toBeEnabled();
  });

  it("says minutes in the last hour", async () => {
    mockApi(signedInAs(buyer));
    renderRoutes(
      [
        {
          path: detailsPath,
          element: (
            <BookWithMyOrder
              listing={sold}
              myOrder={heldOrder({ holdUntil: new Date(Date.now() + 40 * 60_000).toISOString() })}
            />
          ),
        },
      ],
      detailsPath,
    );
    expect(await screen.findByText(MSG.booking.heldByYou("40 minutes"))).toBeInTheDocument();
    // Rendered from the bike's own answer: no focus taken from the buyer on an ordinary visit.
    expect(screen.getByText(MSG.booking.heldByYou("40 minutes"))).not.toHaveFocus();
  });

  it("cancels after asking: the bike is for sale again and Book now has focus", async () => {
    let myOrder: MyOrder | null = heldOrder();
    const fetchMock = mockApi({
      ...signedInAs(buyer),
      "GET /api/listings/l-1": () => ({ body: { listing: myOrder ? sold : listing, myOrder } }),
      "POST /api/orders/o1/cancel": () => {
        myOrder = null;
        return { body: { order: {} } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(withToasts([{ path: detailsPath, element: <BikePage /> }]), detailsPath);

    await user.click(await screen.findByRole("button", { name: "Cancel booking" }));
    const dialog = await screen.findByRole("dialog", { name: MSG.booking.confirmCancelTitle(listing.model) });
    expect(fetchMock).not.toHaveBeenCalledWith("/api/orders/o1/cancel", expect.anything());
    await user.click(within(dialog).getByRole("button", { name: "Cancel booking" }));

    expect(await screen.findByText(MSG.booking.cancelled(listing.model))).toBeInTheDocument();
    const bookNow = await screen.findByRole("button", { name: "Book now" });
    await waitFor(() => expect(bookNow).toHaveFocus());
    expect(screen.queryByText(MSG.booking.heldByYou("48 hours"))).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("says the time is up, with nothing to press, once the hold has passed", async () => {
    mockApi(signedInAs(buyer));
    renderRoutes(
      [
        {
          path: detailsPath,
          element: (
            <BookWithMyOrder
              listing={sold}
              myOrder={heldOrder({ holdUntil: new Date(Date.now() - 1000).toISOString() })}
            />
          ),
        },
      ],
      detailsPath,
    );
    expect(await screen.findByText(MSG.booking.timeUp)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel booking" })).not.toBeInTheDocument();
  });

  it("shows a paid booking as bought, with the way to its receipt", async () => {
    mockApi(signedInAs(buyer));
    renderRoutes(
      [
        {
          path: detailsPath,
          element: (
            <BookWithMyOrder listing={sold} myOrder={heldOrder({ status: "paid", holdUntil: null })} />
          ),
        },
      ],
      detailsPath,
    );
    expect(await screen.findByText(MSG.booking.paidByYou)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See the receipt" })).toHaveAttribute(
      "href",
      "/dashboard/payment/o1",
    );
    expect(screen.queryByRole("button", { name: MSG.listing.stockOut })).not.toBeInTheDocument();
  });
});
