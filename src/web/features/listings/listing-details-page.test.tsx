import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { formatTaka } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import type { ListingDetailResponse, ListingPhoto, PriceHint } from "#shared/schemas/listings.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { buildListing } from "#web/test/listings.ts";
import { problemReply } from "#web/test/problems.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import ListingDetailsPage from "./listing-details-page.tsx";

const actions = ({ listing, reportedByMe }: ListingDetailResponse) => (
  <button type="button">{`Act on ${listing.model}${reportedByMe ? " (reported)" : ""}`}</button>
);
const routes = [{ path: "/products/productdetails/:id", element: <ListingDetailsPage actions={actions} /> }];

/** `myOrder` null (not the viewer's booking) unless the test is about it. */
function serveDetail(detail: Omit<ListingDetailResponse, "myOrder"> & Partial<ListingDetailResponse>) {
  return mockApi({
    [`GET /api/listings/${detail.listing.id}`]: () => ({ body: { myOrder: null, ...detail } }),
  });
}

const photo = (n: number): ListingPhoto => ({
  id: `p${n}`,
  src: `/images/p${n}-640.webp`,
  srcSet: `/images/p${n}-320.webp 320w, /images/p${n}-640.webp 640w`,
  width: 640,
  height: 480,
});

/** A month a year from now and one long gone, so the papers' validity does not depend on today's date. */
const nextYear = `${new Date().getUTCFullYear() + 1}-06`;
const shortMonth = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString("en-US", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

describe("a bike's details page", () => {
  it("shows every field, Available, the seller in full, and the actions it is given", async () => {
    serveDetail({ listing: { ...buildListing(), photos: [] }, reportedByMe: true, priceHint: null });
    renderRoutes(routes, "/products/productdetails/l-1");

    const article = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    expect(screen.getByRole("heading", { level: 1, name: "Yamaha FZS V3" })).toBeInTheDocument();
    expect(within(article).getByText(MSG.listing.available)).toBeInTheDocument();
    expect(within(article).queryByText(MSG.listing.stockOut)).not.toBeInTheDocument();
    for (const text of [
      "Year2021",
      "Kilometres run18,500 km",
      "LocationMirpur 10, Dhaka",
      "Engine (CC)149",
      "CategoryCommuter",
      "Brand new price৳2,35,000",
      "Asking price৳1,50,000",
      "Total used2 years",
      "Post date05-Nov-2022",
    ]) {
      expect(article).toHaveTextContent(text);
    }
    const seller = within(article).getByRole("region", { name: "Seller" });
    expect(seller).toHaveTextContent("Karim Motors");
    expect(seller).not.toHaveTextContent("@");
    expect(within(seller).getByRole("img", { name: "Verified seller" })).toBeInTheDocument();
    expect(within(seller).getByRole("img", { name: "Karim Motors" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Act on Yamaha FZS V3 (reported)" })).toBeInTheDocument();
    expect(document.title).toBe("Yamaha FZS V3 — MotoHaat");
  });

  it("says Stock Out for a sold bike", async () => {
    serveDetail({
      listing: { ...buildListing({ status: "sold" }), photos: [] },
      reportedByMe: false,
      priceHint: null,
    });
    renderRoutes(routes, "/products/productdetails/l-1");

    const article = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    expect(within(article).getByText(MSG.listing.stockOut)).toBeInTheDocument();
    expect(within(article).queryByText(MSG.listing.available)).not.toBeInTheDocument();
  });

  it.each([
    ["held", MSG.booking.heldBadge],
    ["paid", MSG.booking.paidBadge],
  ] as const)("shows the buyer's own %s booking as theirs, not Stock Out", async (status, badge) => {
    serveDetail({
      listing: { ...buildListing({ status: "sold" }), photos: [] },
      reportedByMe: false,
      myOrder: { id: "o1", status, holdUntil: status === "held" ? "2099-01-01T00:00:00.000Z" : null },
      priceHint: null,
    });
    renderRoutes(routes, "/products/productdetails/l-1");

    const article = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    expect(within(article).getByText(badge)).toBeInTheDocument();
    expect(within(article).queryByText(MSG.listing.stockOut)).not.toBeInTheDocument();
  });

  it("says the bike is not here, with a way on, for an unknown id", async () => {
    mockApi({
      "GET /api/listings/nope": () => problemReply("listing.notFound"),
    });
    renderRoutes(routes, "/products/productdetails/nope");

    expect(await screen.findByRole("heading", { name: MSG.listing.notFound })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See all bikes" })).toHaveAttribute("href", "/products/all");
    expect(document.title).toBe("Bike not found — MotoHaat");
  });
});

describe("what a buyer checks on the details page", () => {
  it("shows the description as plain text with its line breaks, the papers checklist and Negotiable", async () => {
    serveDetail({
      listing: {
        ...buildListing({
          description: "Serviced at the Yamaha centre.\nNew tyres <b>last month</b>.",
          hasRegistration: true,
          taxTokenUntil: nextYear,
          insuranceUntil: "2020-01",
          nameTransfer: true,
          negotiable: true,
        }),
        photos: [],
      },
      reportedByMe: false,
      priceHint: null,
    });
    renderRoutes(routes, "/products/productdetails/l-1");

    const article = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    const about = within(article).getByRole("region", { name: "About this bike" });
    const text = within(about).getByText(/Serviced at the Yamaha centre/);
    // The seller's text is text: the tag is shown as typed, never turned into markup.
    expect(text.textContent).toBe("Serviced at the Yamaha centre.\nNew tyres <b>last month</b>.");
    expect(text.querySelector("b")).toBeNull();
    expect(text).toHaveClass("whitespace-pre-line");

    const papers = within(article).getByRole("region", { name: "Papers" });
    const lines = within(papers)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(lines).toEqual([
      "Registration papers (blue book / smart card): present",
      `Tax token: valid until ${shortMonth(nextYear)}`,
      "Insurance: expired Jan 2020",
      "Name transfer to the buyer: the seller will transfer it",
    ]);
    expect(within(article).getByText(MSG.listing.negotiable)).toBeInTheDocument();
    expect(within(article).queryByText(MSG.listing.fixedPrice)).not.toBeInTheDocument();
  });

  it("says what is missing among the papers, Fixed price, and shows no description when there is none", async () => {
    serveDetail({
      listing: {
        ...buildListing({
          description: null,
          hasRegistration: false,
          taxTokenUntil: null,
          insuranceUntil: null,
          nameTransfer: false,
          negotiable: false,
        }),
        photos: [],
      },
      reportedByMe: false,
      priceHint: null,
    });
    renderRoutes(routes, "/products/productdetails/l-1");

    const article = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    const papers = within(article).getByRole("region", { name: "Papers" });
    expect(
      within(papers)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Registration papers (blue book / smart card): missing",
      "Tax token: not given",
      "Insurance: not given",
      "Name transfer to the buyer: not offered",
    ]);
    expect(within(article).getByText(MSG.listing.fixedPrice)).toBeInTheDocument();
    expect(within(article).queryByText(MSG.listing.negotiable)).not.toBeInTheDocument();
    expect(within(article).queryByRole("region", { name: "About this bike" })).not.toBeInTheDocument();
  });

  it.each<[string, PriceHint, string]>([
    [
      "below",
      { typicalPrice: 170000, comparables: 7, difference: -20000, verdict: "below" },
      MSG.listing.priceBelow(formatTaka(20000), formatTaka(170000), 7),
    ],
    [
      "about",
      { typicalPrice: 152000, comparables: 3, difference: -2000, verdict: "about" },
      MSG.listing.priceAbout(formatTaka(152000), 3),
    ],
    [
      "above",
      { typicalPrice: 120000, comparables: 12, difference: 30000, verdict: "above" },
      MSG.listing.priceAbove(formatTaka(30000), formatTaka(120000), 12),
    ],
  ])("says where the price sits when it is %s the typical price", async (_, priceHint, sentence) => {
    serveDetail({ listing: { ...buildListing(), photos: [] }, reportedByMe: false, priceHint });
    renderRoutes(routes, "/products/productdetails/l-1");
    const article = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    expect(article).toHaveTextContent(sentence);
  });

  it("says nothing about the price when there are too few similar bikes", async () => {
    serveDetail({ listing: { ...buildListing(), photos: [] }, reportedByMe: false, priceHint: null });
    renderRoutes(routes, "/products/productdetails/l-1");
    const article = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    expect(article).not.toHaveTextContent("typical");
    expect(article).not.toHaveTextContent("Price check");
  });
});

describe("the gallery", () => {
  const fivePhotos = { ...buildListing(), photos: [1, 2, 3, 4, 5].map(photo) };
  const shown = () => screen.getByRole("region", { name: "Photos of Yamaha FZS V3" });
  const mainPhoto = () => within(shown()).getAllByRole("img")[0]!;

  it("walks the photos with the buttons, the thumbnails and the arrow keys", async () => {
    serveDetail({ listing: fivePhotos, reportedByMe: false, priceHint: null });
    const user = userEvent.setup();
    renderRoutes(routes, "/products/productdetails/l-1");
    await screen.findByRole("article", { name: "Yamaha FZS V3" });

    expect(mainPhoto()).toHaveAccessibleName("Yamaha FZS V3, photo 1 of 5");
    expect(mainPhoto()).toHaveAttribute("loading", "eager");
    expect(mainPhoto()).toHaveAttribute("fetchpriority", "high");
    expect(screen.getByRole("button", { name: "Show photo 1 of 5" })).toHaveAttribute("aria-current", "true");

    await user.click(screen.getByRole("button", { name: "Next photo" }));
    expect(mainPhoto()).toHaveAccessibleName("Yamaha FZS V3, photo 2 of 5");
    expect(mainPhoto()).toHaveAttribute("src", "/images/p2-640.webp");
    expect(screen.getByRole("button", { name: "Show photo 2 of 5" })).toHaveAttribute("aria-current", "true");
    expect(screen.getByRole("button", { name: "Show photo 1 of 5" })).not.toHaveAttribute("aria-current");

    await user.click(screen.getByRole("button", { name: "Show photo 4 of 5" }));
    expect(mainPhoto()).toHaveAccessibleName("Yamaha FZS V3, photo 4 of 5");

    // Focus is in the gallery (on the thumbnail just pressed): the arrow keys move through the photos.
    await user.keyboard("{ArrowRight}");
    expect(mainPhoto()).toHaveAccessibleName("Yamaha FZS V3, photo 5 of 5");
    await user.keyboard("{ArrowRight}");
    expect(mainPhoto()).toHaveAccessibleName("Yamaha FZS V3, photo 1 of 5");
    await user.keyboard("{ArrowLeft}");
    expect(mainPhoto()).toHaveAccessibleName("Yamaha FZS V3, photo 5 of 5");

    await user.click(screen.getByRole("button", { name: "Previous photo" }));
    expect(mainPhoto()).toHaveAccessibleName("Yamaha FZS V3, photo 4 of 5");
  });

  it("opens the shown photo full screen, moves there by arrow key, and Escape closes it", async () => {
    serveDetail({ listing: fivePhotos, reportedByMe: false, priceHint: null });
    const user = userEvent.setup();
    renderRoutes(routes, "/products/productdetails/l-1");
    await screen.findByRole("article", { name: "Yamaha FZS V3" });
    await user.click(screen.getByRole("button", { name: "Next photo" }));

    const opener = screen.getByRole("button", { name: "View full screen" });
    await user.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Yamaha FZS V3 — 2 / 5" });
    expect(within(dialog).getByRole("img")).toHaveAccessibleName("Yamaha FZS V3, photo 2 of 5");
    expect(within(dialog).getByRole("button", { name: "Close full screen" })).toHaveFocus();

    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("dialog", { name: "Yamaha FZS V3 — 3 / 5" })).toBeInTheDocument();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    // The page's photo followed the full-screen view.
    expect(mainPhoto()).toHaveAccessibleName("Yamaha FZS V3, photo 3 of 5");
  });

  it("changes the photo on a sideways swipe, and the swipe opens nothing", async () => {
    serveDetail({ listing: fivePhotos, reportedByMe: false, priceHint: null });
    renderRoutes(routes, "/products/productdetails/l-1");
    await screen.findByRole("article", { name: "Yamaha FZS V3" });
    const photoBox = mainPhoto().parentElement!;
    const swipe = (fromX: number, toX: number, y = 100) => {
      fireEvent.pointerDown(photoBox, { pointerType: "touch", clientX: fromX, clientY: y });
      fireEvent.pointerUp(photoBox, { pointerType: "touch", clientX: toX, clientY: y + 5 });
      fireEvent.click(photoBox);
    };

    swipe(300, 150);
    expect(mainPhoto()).toHaveAccessibleName("Yamaha FZS V3, photo 2 of 5");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    swipe(150, 300);
    expect(mainPhoto()).toHaveAccessibleName("Yamaha FZS V3, photo 1 of 5");
    // A short move is a tap: the photo stays, and the tap opens it full screen.
    swipe(150, 160);
    expect(mainPhoto()).toHaveAccessibleName("Yamaha FZS V3, photo 1 of 5");
    expect(screen.getByRole("dialog", { name: "Yamaha FZS V3 — 1 / 5" })).toBeInTheDocument();
  });

  it("shows a lone photo without thumbnails or arrows", async () => {
    serveDetail({ listing: { ...buildListing(), photos: [photo(1)] }, reportedByMe: false, priceHint: null });
    renderRoutes(routes, "/products/productdetails/l-1");
    await screen.findByRole("article", { name: "Yamaha FZS V3" });

    expect(mainPhoto()).toHaveAccessibleName("Yamaha FZS V3");
    expect(screen.queryByRole("button", { name: "Next photo" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Previous photo" })).not.toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Thumbnails" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "View full screen" })).toBeInTheDocument();
  });
});
