import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { Review } from "#shared/schemas/reviews.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { SellerRatingBadge } from "#web/components/seller-rating.tsx";
import { buyer, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import { RateSeller } from "./rate-seller.tsx";
import { SellerReviews } from "./seller-reviews.tsx";

const signedInAs = (user: unknown) => ({ "GET /api/auth/me": () => ({ body: { user } }) });
const seller = { ...buyer, id: "s-1", name: "Karim Motors", role: "seller" as const };

afterEach(() => vi.unstubAllGlobals());

const review = (over: Partial<Review> = {}): Review => ({
  id: "r-1",
  sellerId: "s-1",
  stars: 4,
  comment: "Papers were clear",
  reply: null,
  repliedAt: null,
  createdAt: "2026-01-05T10:00:00.000Z",
  reviewer: { firstName: "Rahim", photo: null },
  ...over,
});

describe("Rate the seller", () => {
  it("asks for stars first, then sends the stars and the comment and shows what was given", async () => {
    const rated: { orderId: string; reviewId: string; stars: number }[] = [];
    const fetchMock = mockApi({
      ...signedInAs(buyer),
      "GET /api/me/reviews": () => ({ body: { items: rated } }),
      "POST /api/orders/o-1/review": () => {
        rated.push({ orderId: "o-1", reviewId: "r-1", stars: 4 });
        return { status: 201, body: { review: review() } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(
      withToasts([{ path: "/", element: <RateSeller orderId="o-1" sellerName="Karim Motors" /> }]),
      "/",
    );

    const form = await screen.findByRole("form", { name: TALK_MSG.review.rateTitle });
    await user.click(within(form).getByRole("button", { name: TALK_MSG.review.submit }));
    expect(await within(form).findByText(TALK_MSG.review.starsRequired)).toBeInTheDocument();

    const group = within(form).getByRole("group", { name: TALK_MSG.review.starsLegend });
    await user.click(within(group).getByRole("radio", { name: MSG.rating.starLabel(4) }));
    expect(within(group).getByRole("radio", { name: "4 stars" })).toBeChecked();
    await user.type(within(form).getByLabelText(TALK_MSG.review.commentLabel), "Papers were clear");
    expect(within(form).getByText(TALK_MSG.review.counter(17, 500))).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: TALK_MSG.review.submit }));

    expect(await screen.findByText(TALK_MSG.review.thanks)).toBeInTheDocument();
    expect(await screen.findByText(TALK_MSG.review.youRated(MSG.rating.starLabel(4)))).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/orders/o-1/review");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ stars: 4, comment: "Papers were clear" });
  });

  it("says the server's refusal (not paid yet) inside the form", async () => {
    mockApi({
      ...signedInAs(buyer),
      "GET /api/me/reviews": () => ({ body: { items: [] } }),
      "POST /api/orders/o-1/review": () => ({
        status: 409,
        body: { title: "Conflict", status: 409, detail: TALK_MSG.review.notPaid, code: "review.notPaid" },
      }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: "/", element: <RateSeller orderId="o-1" sellerName="Karim Motors" /> }], "/");
    const form = await screen.findByRole("form", { name: TALK_MSG.review.rateTitle });
    await user.click(within(form).getByRole("radio", { name: MSG.rating.starLabel(5) }));
    await user.click(within(form).getByRole("button", { name: TALK_MSG.review.submit }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(TALK_MSG.review.notPaid);
  });
});

describe("a seller's ratings", () => {
  it("reads the average as words for a screen reader", () => {
    renderRoutes([{ path: "/", element: <SellerRatingBadge rating={{ average: 4.5, count: 12 }} /> }], "/");
    expect(screen.getByText(MSG.rating.average("4.5", 12))).toBeInTheDocument();
    expect(MSG.rating.average("4.5", 12)).toBe("4.5 out of 5, 12 ratings");
  });

  it("lists ratings with replies; the seller answers one with Reply", async () => {
    let reviews = [
      review(),
      review({ id: "r-2", stars: 5, comment: null, reply: "Thanks!", repliedAt: "x" }),
    ];
    mockApi({
      ...signedInAs(seller),
      "GET /api/sellers/s-1/reviews": () => ({ body: { items: reviews, nextCursor: null } }),
      "POST /api/reviews/r-1/reply": (init) => {
        const { reply } = JSON.parse(String(init?.body));
        reviews = reviews.map((r) => (r.id === "r-1" ? { ...r, reply } : r));
        return { body: { review: reviews[0] } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(withToasts([{ path: "/", element: <SellerReviews sellerId="s-1" /> }]), "/");
    expect(await screen.findByText("Papers were clear")).toBeInTheDocument();
    expect(screen.getByText("Thanks!")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "4 stars out of 5" })).toBeInTheDocument();
    // One Reply: the other rating is answered already.
    const replyButtons = screen.getAllByRole("button", { name: TALK_MSG.review.reply });
    expect(replyButtons).toHaveLength(1);
    await user.click(replyButtons[0]!);
    await user.type(screen.getByLabelText(TALK_MSG.review.replyLabel), "Glad it went well");
    await user.click(screen.getByRole("button", { name: TALK_MSG.review.replySubmit }));
    expect(await screen.findByText(TALK_MSG.review.replied)).toBeInTheDocument();
    expect(await screen.findByText("Glad it went well")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: TALK_MSG.review.reply })).toBeNull();
  });

  it("says so when nobody rated the seller yet", async () => {
    mockApi({
      ...signedInAs(null),
      "GET /api/sellers/s-1/reviews": () => ({ body: { items: [], nextCursor: null } }),
    });
    renderRoutes([{ path: "/", element: <SellerReviews sellerId="s-1" /> }], "/");
    expect(await screen.findByRole("heading", { name: TALK_MSG.review.listEmpty })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Report/ })).toBeNull();
  });
});
