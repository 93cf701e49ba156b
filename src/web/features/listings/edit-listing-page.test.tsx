import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CATEGORIES } from "#shared/categories.ts";
import { MSG } from "#shared/messages.ts";
import type { Listing, ListingPhoto } from "#shared/schemas/listings.ts";
import { buildListing } from "#web/test/listings.ts";
import { buyer, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import { stubXhr } from "#web/test/xhr.ts";
import EditListingPage from "./edit-listing-page.tsx";

const seller = { ...buyer, id: "s-1", name: "Karim Motors", role: "seller" as const };
const photo = (id: string): ListingPhoto => ({
  id,
  src: `/images/${id}-640.webp`,
  srcSet: `/images/${id}-320.webp 320w, /images/${id}-640.webp 640w`,
  width: 640,
  height: 480,
});
const listing = buildListing({
  id: "l-1",
  category: { slug: "sports", label: "Sports" },
  seller: {
    id: seller.id,
    name: seller.name,
    photo: null,
    verified: false,
    rating: { average: 0, count: 0 },
  },
  area: "Mirpur 10",
  description: "New tyres.",
  taxTokenUntil: "2027-06",
  insuranceUntil: null,
  hasRegistration: true,
  nameTransfer: true,
  negotiable: false,
});
const photos = [photo("front"), photo("side")];

const path = "/dashboard/myproducts/edit/l-1";
const routes = withToasts([
  { path: "/dashboard/myproducts/edit/:id", Component: EditListingPage },
  { path: "/dashboard/myproducts/details/:id", element: <h1>Details page</h1> },
]);
const problem = (status: number, detail: string) => ({
  status,
  body: { type: "about:blank", title: "Problem", status, detail },
});
const bikePhoto = (name: string, bytes = 1000) =>
  new File([new Uint8Array(bytes).fill(137)], name, { type: "image/png" });

/** The seller's API: GET answers `current()` (a test changes it to show a sale), PATCH as `patch` says. */
function sellerApi({
  current = () => listing as Listing,
  patch = () => ({ body: { listing } }),
  upload,
}: {
  current?: () => Listing | null;
  patch?: () => { status?: number; body?: unknown };
  upload?: () => { status?: number; body?: unknown };
} = {}) {
  const patches: unknown[] = [];
  const fetchMock = mockApi({
    "GET /api/auth/me": () => ({ body: { user: seller } }),
    "GET /api/categories": () => ({ body: { categories: CATEGORIES } }),
    "GET /api/listings/l-1": () => {
      const found = current();
      return found
        ? { body: { listing: { ...found, photos }, reportedByMe: false, priceHint: null } }
        : problem(404, MSG.listing.notFound);
    },
    "PATCH /api/listings/l-1": (init) => {
      patches.push(JSON.parse(String(init?.body)));
      return patch();
    },
    ...(upload ? { "POST /api/listings/photos": upload } : {}),
  });
  return { fetchMock, patches };
}

const chosenPhotos = () =>
  within(screen.getByRole("list", { name: "Chosen photos" }))
    .getAllByRole("listitem")
    .map((li) => `${li.getAttribute("aria-label")}: ${within(li).getByRole("img").getAttribute("alt")}`);

beforeAll(() => {
  Object.assign(URL, { createObjectURL: () => "blob:preview", revokeObjectURL: () => {} });
});
afterEach(() => vi.unstubAllGlobals());

describe("Edit product", () => {
  it("fills the form with the bike as it is, its photos in order", async () => {
    sellerApi();
    renderRoutes(routes, path);

    await screen.findByRole("option", { name: "Commuter" });
    expect(screen.getByRole("heading", { level: 1, name: "Edit product" })).toBeInTheDocument();
    expect(document.title).toBe("Edit Yamaha FZS V3 — MotoHaat");
    const values: [string, string | number | null][] = [
      ["Bike model", "Yamaha FZS V3"],
      ["Engine (CC)", 149],
      ["Category", "sports"],
      ["Brand name", "Yamaha"],
      ["Brand new price", 235000],
      ["Asking price", 150000],
      ["Total used", "2 years"],
      ["Year", 2021],
      ["Kilometres run", 18500],
      ["District", "dhaka"],
      ["Area (optional)", "Mirpur 10"],
      ["Description (optional)", "New tyres."],
      ["Tax token valid until (optional)", "2027-06"],
      ["Insurance valid until (optional)", ""],
    ];
    for (const [label, value] of values) expect(screen.getByLabelText(label)).toHaveValue(value);
    const group = (name: string) => screen.getByRole("group", { name });
    expect(
      within(group("Registration papers (blue book / smart card) present")).getByLabelText("Yes"),
    ).toBeChecked();
    expect(
      within(group("I will transfer the registration to the buyer's name")).getByLabelText("Yes"),
    ).toBeChecked();
    expect(within(group("Negotiable")).getByLabelText("No")).toBeChecked();
    expect(chosenPhotos()).toEqual(["Photo 1 (cover): Posted photo 1", "Photo 2: Posted photo 2"]);
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute(
      "href",
      "/dashboard/myproducts/details/l-1",
    );
  });

  it("uploads a new photo with its progress, then saves every field and the photos' new order", async () => {
    const { patches } = sellerApi({
      upload: () => ({ status: 201, body: { photo: photo("rear") } }),
    });
    const xhr = stubXhr({ hold: true });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });

    const price = screen.getByLabelText("Asking price");
    await user.clear(price);
    await user.type(price, "140000");
    await user.clear(screen.getByLabelText("Area (optional)"));
    await user.click(
      within(screen.getByRole("listitem", { name: "Photo 2" })).getByRole("button", { name: "Make cover" }),
    );
    await user.upload(screen.getByLabelText("Bike photos"), bikePhoto("rear.png"));
    expect(chosenPhotos()).toEqual([
      "Photo 1 (cover): Posted photo 1",
      "Photo 2: Posted photo 2",
      "Photo 3: rear.png",
    ]);

    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]).toMatchObject({ method: "POST", url: "/api/listings/photos" });
    expect((xhr.sent[0]!.body as FormData).get("photo")).toHaveProperty("name", "rear.png");
    xhr.sent[0]!.progress(0.4);
    expect(screen.getByRole("progressbar", { name: "Upload of photo 3" })).toHaveAttribute("value", "40");
    expect(patches).toHaveLength(0);
    await xhr.sent[0]!.finish();

    expect(await screen.findByText(MSG.listing.updated)).toBeInTheDocument();
    expect(patches).toEqual([
      {
        model: "Yamaha FZS V3",
        engineCc: 149,
        category: "sports",
        brand: "Yamaha",
        brandNewPrice: 235000,
        askingPrice: 140000,
        totalUsed: "2 years",
        year: 2021,
        kmRun: 18500,
        district: "dhaka",
        area: null,
        description: "New tyres.",
        hasRegistration: true,
        taxTokenUntil: "2027-06",
        insuranceUntil: null,
        nameTransfer: true,
        negotiable: false,
        photoIds: ["side", "front", "rear"],
      },
    ]);
    expect(await screen.findByRole("heading", { name: "Details page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/myproducts/details/l-1");
  });

  it("says which photo failed to upload, saves nothing, and retries that photo alone", async () => {
    const uploads = [
      { status: 201, body: { photo: photo("rear") } },
      problem(415, MSG.image.notImage),
      { status: 201, body: { photo: photo("tank") } },
    ];
    const { patches } = sellerApi({ upload: () => uploads.shift()! });
    const xhr = stubXhr({ hold: true });
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });
    await user.upload(screen.getByLabelText("Bike photos"), [bikePhoto("rear.png"), bikePhoto("tank.png")]);

    await user.click(screen.getByRole("button", { name: "Save changes" }));
    // Two at a time: both start at once, each with its own bar.
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    xhr.sent[0]!.progress(0.5);
    xhr.sent[1]!.progress(0.25);
    expect(screen.getByRole("progressbar", { name: "Upload of photo 3" })).toHaveAttribute("value", "50");
    expect(screen.getByRole("progressbar", { name: "Upload of photo 4" })).toHaveAttribute("value", "25");
    await xhr.sent[0]!.finish();
    await xhr.sent[1]!.finish();

    const tank = screen.getByRole("listitem", { name: "Photo 4" });
    expect(await within(tank).findByRole("alert")).toHaveTextContent(MSG.image.notImage);
    expect(
      within(screen.getByRole("listitem", { name: "Photo 3" })).getByText("Uploaded"),
    ).toBeInTheDocument();
    expect(await screen.findByText(MSG.image.notImage, { selector: ".Toastify *" })).toBeInTheDocument();
    expect(patches).toHaveLength(0);

    await user.click(within(tank).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(3));
    await xhr.sent[2]!.finish();
    expect(await within(tank).findByText("Uploaded")).toBeInTheDocument();

    // The photos already up are not sent again.
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(MSG.listing.updated)).toBeInTheDocument();
    expect(xhr.sent).toHaveLength(3);
    expect(patches).toEqual([expect.objectContaining({ photoIds: ["front", "side", "rear", "tank"] })]);
  });

  it("stops a photo's retry when the seller removes that photo, and saves without it", async () => {
    const uploads = [problem(415, MSG.image.notImage), { status: 201, body: { photo: photo("tank") } }];
    const { patches } = sellerApi({ upload: () => uploads.shift()! });
    const xhr = stubXhr({ hold: true });
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });
    await user.upload(screen.getByLabelText("Bike photos"), bikePhoto("tank.png"));

    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    await xhr.sent[0]!.finish();
    const tank = screen.getByRole("listitem", { name: "Photo 3" });
    await user.click(await within(tank).findByRole("button", { name: "Retry" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    xhr.sent[1]!.progress(0.5);

    await user.click(within(tank).getByRole("button", { name: "Remove" }));
    expect(xhr.sent[1]!.aborted).toBe(true);
    expect(chosenPhotos()).toEqual(["Photo 1 (cover): Posted photo 1", "Photo 2: Posted photo 2"]);
    expect(screen.queryByRole("progressbar", { name: /^Upload of photo/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(MSG.listing.updated)).toBeInTheDocument();
    expect(xhr.sent).toHaveLength(2);
    expect(patches).toEqual([expect.objectContaining({ photoIds: ["front", "side"] })]);
  });

  it("says a sold bike can't be edited when it was sold meanwhile, and then shows it as sold", async () => {
    let sold = false;
    sellerApi({
      current: () => (sold ? { ...listing, status: "sold" } : listing),
      patch: () => {
        sold = true;
        return problem(409, MSG.listing.soldCannotEdit);
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });

    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(
      await screen.findByText(MSG.listing.soldCannotEdit, { selector: ".Toastify *" }),
    ).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: MSG.listing.soldCannotEdit })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save changes" })).not.toBeInTheDocument();
  });

  it("shows another seller's refusal as the server words it and keeps the form", async () => {
    sellerApi({ patch: () => problem(403, MSG.listing.notOwner) });
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(MSG.listing.notOwner)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save changes" })).toBeEnabled();
  });

  it("offers no form for a sold bike", async () => {
    const { fetchMock } = sellerApi({ current: () => ({ ...listing, status: "sold" }) });
    renderRoutes(routes, path);
    expect(await screen.findByRole("heading", { name: MSG.listing.soldCannotEdit })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See its details" })).toHaveAttribute(
      "href",
      "/dashboard/myproducts/details/l-1",
    );
    expect(screen.queryByLabelText("Bike model")).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(
      "/api/listings/l-1",
      expect.objectContaining({ method: "PATCH" }),
    );
  });

  it.each([
    ["does not exist", () => null],
    ["belongs to another seller", () => ({ ...listing, seller: { ...listing.seller, id: "s-2" } })],
  ])("says the bike is not among the seller's products when it %s", async (_, current) => {
    sellerApi({ current });
    renderRoutes(routes, path);
    expect(
      await screen.findByRole("heading", { name: "This bike is not among your products" }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("Bike model")).not.toBeInTheDocument();
  });
});
