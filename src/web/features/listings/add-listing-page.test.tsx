import { screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CATEGORIES } from "#shared/categories.ts";
import { DISTRICTS } from "#shared/districts.ts";
import { MSG } from "#shared/messages.ts";
import { MAX_IMAGE_BYTES } from "#shared/schemas/images.ts";
import { MAX_PHOTOS, MIN_YEAR, maxYear } from "#shared/schemas/listings.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import { stubXhr } from "#web/test/xhr.ts";
import AddListingPage from "./add-listing-page.tsx";

const path = "/dashboard/addproduct";
const routes = withToasts([
  { path, Component: AddListingPage },
  { path: "/products/productdetails/:id", element: <h1>Bike page</h1> },
]);
const categories = { "GET /api/categories": () => ({ body: { categories: CATEGORIES } }) };
const problem = (status: number, detail: string, errors?: Record<string, string>) => ({
  status,
  body: { type: "about:blank", title: "Bad Request", status, detail, errors },
});

const bikePhoto = (name = "bike.png", bytes = 4) =>
  new File([new Uint8Array(bytes).fill(137)], name, { type: "image/png" });

/** The photos in the order the form holds them, by file name. */
const chosenPhotos = () =>
  within(screen.getByRole("list", { name: "Chosen photos" }))
    .getAllByRole("listitem")
    .map((li) => `${li.getAttribute("aria-label")}: ${within(li).getByRole("img").getAttribute("alt")}`);

async function fillForm(user: UserEvent, photos = [bikePhoto()]) {
  await user.type(screen.getByLabelText("Bike model"), "Yamaha FZS V3");
  await user.type(screen.getByLabelText("Engine (CC)"), "149");
  await user.selectOptions(screen.getByLabelText("Category"), "Sports");
  await user.type(screen.getByLabelText("Brand name"), "Yamaha");
  await user.type(screen.getByLabelText("Brand new price"), "245000");
  await user.type(screen.getByLabelText("Asking price"), "180000");
  await user.type(screen.getByLabelText("Total used"), "2 years");
  await user.type(screen.getByLabelText("Year"), "2021");
  await user.type(screen.getByLabelText("Kilometres run"), "18500");
  await user.selectOptions(screen.getByLabelText("District"), "Dhaka");
  const papers = screen.getByRole("group", { name: "Registration papers (blue book / smart card) present" });
  await user.click(within(papers).getByLabelText("Yes"));
  await user.upload(screen.getByLabelText("Bike photos"), photos);
}

beforeAll(() => {
  // jsdom has no object URLs; the thumbnails only need one to point at.
  Object.assign(URL, { createObjectURL: () => "blob:preview", revokeObjectURL: () => {} });
});
afterEach(() => vi.unstubAllGlobals());

describe("Add Product", () => {
  it("shows each field's message under it and sends nothing while any field is missing", async () => {
    const fetchMock = mockApi(categories);
    const user = userEvent.setup();
    renderRoutes(routes, path);

    expect(await screen.findByRole("heading", { name: "Add Product" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Category" })).toBeDisabled();
    await screen.findByRole("option", { name: "Commuter" });
    expect(screen.getByRole("combobox", { name: "Category" })).toHaveDisplayValue("Commuter");
    expect(screen.getByRole("option", { name: MSG.listing.categoryInvalid })).toBeDisabled();
    const district = screen.getByRole("combobox", { name: "District" });
    expect(
      within(district)
        .getAllByRole("option")
        .slice(1)
        .map((o) => o.textContent),
    ).toEqual(DISTRICTS.map((d) => d.label));
    expect(DISTRICTS).toHaveLength(64);
    // Negotiable unless the seller says otherwise; no promise of a name transfer is made for them.
    expect(within(screen.getByRole("group", { name: "Negotiable" })).getByLabelText("Yes")).toBeChecked();
    const transfer = screen.getByRole("group", {
      name: "I will transfer the registration to the buyer's name",
    });
    expect(within(transfer).getByLabelText("No")).toBeChecked();

    await user.click(screen.getByRole("button", { name: "Add Product" }));
    const expected: [string, string][] = [
      ["Bike model", MSG.listing.modelRequired],
      ["Engine (CC)", MSG.listing.engineRequired],
      ["Brand name", MSG.listing.brandRequired],
      ["Brand new price", MSG.listing.brandNewPriceRequired],
      ["Asking price", MSG.listing.askingPriceRequired],
      ["Total used", MSG.listing.totalUsedRequired],
      ["Year", MSG.listing.yearRequired],
      ["Kilometres run", MSG.listing.kmRunRequired],
      ["District", MSG.listing.districtRequired],
      ["Bike photos", MSG.listing.photoRequired],
    ];
    for (const [label, message] of expected) {
      await waitFor(() =>
        expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message)),
      );
    }
    expect(
      screen.getByRole("group", { name: "Registration papers (blue book / smart card) present" }),
    ).toHaveAccessibleDescription(MSG.listing.hasRegistrationRequired);
    for (const optional of [
      "Area (optional)",
      "Description (optional)",
      "Tax token valid until (optional)",
      "Insurance valid until (optional)",
    ]) {
      expect(screen.getByLabelText(optional)).not.toBeInvalid();
    }
    expect(fetchMock).not.toHaveBeenCalledWith("/api/listings", expect.anything());
  });

  it("checks the year's range, the kilometres and the months as the server does", async () => {
    mockApi(categories);
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });

    await user.type(screen.getByLabelText("Year"), String(MIN_YEAR - 1));
    await user.type(screen.getByLabelText("Kilometres run"), "12.5");
    await user.type(screen.getByLabelText("Area (optional)"), "x".repeat(100));
    await user.click(screen.getByRole("button", { name: "Add Product" }));

    await waitFor(() =>
      expect(screen.getByLabelText("Year")).toHaveAccessibleDescription(
        expect.stringContaining(MSG.listing.yearRange(MIN_YEAR, maxYear())),
      ),
    );
    expect(screen.getByLabelText("Kilometres run")).toHaveAccessibleDescription(
      expect.stringContaining(`${MSG.listing.kmRunRequired} (a whole number)`),
    );
    // The area stops at its limit as it is typed.
    expect(screen.getByLabelText("Area (optional)")).toHaveValue("x".repeat(80));

    await user.clear(screen.getByLabelText("Year"));
    await user.type(screen.getByLabelText("Year"), String(maxYear() + 1));
    await waitFor(() =>
      expect(screen.getByLabelText("Year")).toHaveAccessibleDescription(
        expect.stringContaining(MSG.listing.yearRange(MIN_YEAR, maxYear())),
      ),
    );
  });

  it("counts the description's characters as they are typed", async () => {
    mockApi(categories);
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });

    const description = screen.getByLabelText("Description (optional)");
    expect(description).toHaveAccessibleDescription("0/2,000 characters");
    await user.type(description, "New tyres.{Enter}Serviced.");
    expect(description).toHaveAccessibleDescription("20/2,000 characters");
  });

  it("puts the server's field messages under their fields, and a refused photo under the photos", async () => {
    const replies = [
      problem(400, "Some fields need another look.", {
        model: "at most 120 characters",
        district: MSG.listing.districtRequired,
      }),
      problem(415, MSG.image.notImage),
    ];
    mockApi({ ...categories, "POST /api/listings": () => replies.shift()! });
    stubXhr();
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });
    await fillForm(user);

    await user.click(screen.getByRole("button", { name: "Add Product" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Bike model")).toHaveAccessibleDescription("at most 120 characters"),
    );
    expect(screen.getByLabelText("District")).toHaveAccessibleDescription(MSG.listing.districtRequired);

    await user.click(screen.getByRole("button", { name: "Add Product" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Bike photos")).toHaveAccessibleDescription(
        expect.stringContaining(MSG.image.notImage),
      ),
    );
  });

  it("posts the bike with its fields and photos in order, says so and empties the form for the next one", async () => {
    let sent: FormData | undefined;
    mockApi({
      ...categories,
      "POST /api/listings": (init) => {
        sent = init?.body as FormData;
        return { status: 201, body: { listing: { id: "l-new" } } };
      },
    });
    stubXhr();
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(routes, path);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await screen.findByRole("option", { name: "Commuter" });
    await fillForm(user, [bikePhoto("front.png"), bikePhoto("side.png")]);
    await user.type(screen.getByLabelText("Area (optional)"), "Mirpur 10");
    await user.type(screen.getByLabelText("Description (optional)"), "New tyres.{Enter}Serviced.");
    await user.type(screen.getByLabelText("Tax token valid until (optional)"), "2027-06");
    const transfer = screen.getByRole("group", {
      name: "I will transfer the registration to the buyer's name",
    });
    await user.click(within(transfer).getByLabelText("Yes"));
    await user.click(within(screen.getByRole("group", { name: "Negotiable" })).getByLabelText("No"));
    // The side view becomes the cover.
    const side = screen.getByRole("listitem", { name: "Photo 2" });
    await user.click(within(side).getByRole("button", { name: "Make cover" }));

    await user.click(screen.getByRole("button", { name: "Add Product" }));

    expect(await screen.findByText(MSG.listing.posted)).toBeInTheDocument();
    expect(Object.fromEntries([...sent!.entries()].filter(([k]) => k !== "photo"))).toEqual({
      model: "Yamaha FZS V3",
      engineCc: "149",
      category: "sports",
      brand: "Yamaha",
      brandNewPrice: "245000",
      askingPrice: "180000",
      totalUsed: "2 years",
      year: "2021",
      kmRun: "18500",
      district: "dhaka",
      area: "Mirpur 10",
      description: "New tyres.\nServiced.",
      hasRegistration: "true",
      taxTokenUntil: "2027-06",
      nameTransfer: "true",
      negotiable: "false",
    });
    expect(sent!.getAll("photo").map((f) => (f as File).name)).toEqual(["side.png", "front.png"]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.listings.all });

    await waitFor(() => expect(screen.getByLabelText("Bike model")).toHaveValue(""));
    expect(screen.getByLabelText("Bike model")).toHaveFocus();
    expect(screen.getByLabelText("Engine (CC)")).toHaveValue(null);
    expect(screen.getByLabelText("Category")).toHaveDisplayValue("Commuter");
    expect(screen.getByLabelText("District")).toHaveValue("");
    expect(screen.getByLabelText("Description (optional)")).toHaveValue("");
    expect(within(screen.getByRole("group", { name: "Negotiable" })).getByLabelText("Yes")).toBeChecked();
    expect(screen.queryByRole("list", { name: "Chosen photos" })).not.toBeInTheDocument();
    expect(screen.getByText(`0 of ${MAX_PHOTOS} photos`)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Product" })).toBeEnabled();
  });

  it("leaves out optional fields left empty", async () => {
    let sent: FormData | undefined;
    mockApi({
      ...categories,
      "POST /api/listings": (init) => {
        sent = init?.body as FormData;
        return { status: 201, body: { listing: { id: "l-new" } } };
      },
    });
    stubXhr();
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Add Product" }));

    expect(await screen.findByText(MSG.listing.posted)).toBeInTheDocument();
    for (const name of ["area", "description", "taxTokenUntil", "insuranceUntil"]) {
      expect(sent!.has(name)).toBe(false);
    }
    expect(sent!.get("nameTransfer")).toBe("false");
    expect(sent!.get("negotiable")).toBe("true");
  });
});

describe("Add Product after a try", () => {
  it("focuses the first field to fix when the form's own check fails, and clears a message as it is fixed", async () => {
    mockApi(categories);
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });
    await user.type(screen.getByLabelText("Bike model"), "Yamaha FZS V3");
    await user.click(screen.getByRole("button", { name: "Add Product" }));

    const brand = screen.getByLabelText("Brand name");
    await waitFor(() => expect(brand).toHaveAccessibleDescription(MSG.listing.brandRequired));
    expect(brand).toHaveFocus();
    await user.type(brand, "Yamaha");
    expect(brand).not.toHaveAccessibleDescription(MSG.listing.brandRequired);
    expect(screen.getByLabelText("Engine (CC)")).toHaveAccessibleDescription(MSG.listing.engineRequired);
  });

  it("focuses the first field the server names in the form's order, and clears its message on edit", async () => {
    mockApi({
      ...categories,
      "POST /api/listings": () =>
        // Named district first: focus still goes to the model, which comes first on the form.
        problem(400, "Some fields need another look.", {
          district: MSG.listing.districtRequired,
          model: "at most 120 characters",
        }),
    });
    stubXhr();
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Add Product" }));

    const model = screen.getByLabelText("Bike model");
    await waitFor(() => expect(model).toHaveAccessibleDescription("at most 120 characters"));
    await waitFor(() => expect(model).toHaveFocus());
    await user.type(model, "{Backspace}");
    expect(model).toHaveAttribute("aria-invalid", "false");
    expect(screen.getByLabelText("District")).toHaveAccessibleDescription(MSG.listing.districtRequired);
    await user.selectOptions(screen.getByLabelText("District"), "Khulna");
    expect(screen.getByLabelText("District")).toHaveAttribute("aria-invalid", "false");
  });

  it("focuses the photos when the server refused one, once the form is enabled again", async () => {
    mockApi({ ...categories, "POST /api/listings": () => problem(415, MSG.image.notImage) });
    stubXhr();
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Add Product" }));

    const photos = screen.getByLabelText("Bike photos");
    await waitFor(() =>
      expect(photos).toHaveAccessibleDescription(expect.stringContaining(MSG.image.notImage)),
    );
    await waitFor(() => expect(photos).toHaveFocus());
    await user.upload(photos, bikePhoto("other.png"));
    expect(photos).not.toHaveAccessibleDescription(expect.stringContaining(MSG.image.notImage));
  });

  it("says the bike is posted with a link to its page, reached by keyboard, that opens it", async () => {
    mockApi({
      ...categories,
      "POST /api/listings": () => ({ status: 201, body: { listing: { id: "l-new" } } }),
    });
    stubXhr();
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Add Product" }));

    const toastText = await screen.findByText(MSG.listing.posted);
    const link = within(toastText.closest("p")!).getByRole("link", { name: MSG.listing.viewPosted });
    expect(link).toHaveAttribute("href", "/products/productdetails/l-new");
    // react-toastify's Alt+T moves focus into the toasts; Tab then reaches the link.
    await user.keyboard("{Alt>}t{/Alt}");
    await user.tab();
    expect(link).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Bike page" })).toBeInTheDocument();
  });
});

describe("Add Product's photos", () => {
  it("takes several at once, adds more, moves them, makes one the cover and removes one", async () => {
    mockApi(categories);
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });

    const input = screen.getByLabelText("Bike photos");
    await user.upload(input, [bikePhoto("a.png"), bikePhoto("b.png")]);
    await user.upload(input, bikePhoto("c.png"));
    expect(chosenPhotos()).toEqual(["Photo 1 (cover): a.png", "Photo 2: b.png", "Photo 3: c.png"]);
    expect(screen.getByText(`3 of ${MAX_PHOTOS} photos`)).toBeInTheDocument();
    const first = screen.getByRole("listitem", { name: "Photo 1 (cover)" });
    expect(within(first).getByText("Cover")).toBeInTheDocument();
    expect(within(first).getByRole("button", { name: "Move left" })).toBeDisabled();
    expect(within(first).queryByRole("button", { name: "Make cover" })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole("listitem", { name: "Photo 3" })).getByRole("button", { name: "Move right" }),
    ).toBeDisabled();

    // Keyboard: focus stays on the photo that moved, so pressing again moves it further.
    within(screen.getByRole("listitem", { name: "Photo 3" }))
      .getByRole("button", { name: "Move left" })
      .focus();
    await user.keyboard("{Enter}");
    expect(chosenPhotos()).toEqual(["Photo 1 (cover): a.png", "Photo 2: c.png", "Photo 3: b.png"]);
    expect(
      within(screen.getByRole("listitem", { name: "Photo 2" })).getByRole("button", { name: "Move left" }),
    ).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(chosenPhotos()).toEqual(["Photo 1 (cover): c.png", "Photo 2: a.png", "Photo 3: b.png"]);
    // At the front it cannot move left any more: focus is on Move right instead.
    expect(
      within(screen.getByRole("listitem", { name: "Photo 1 (cover)" })).getByRole("button", {
        name: "Move right",
      }),
    ).toHaveFocus();

    await user.click(
      within(screen.getByRole("listitem", { name: "Photo 1 (cover)" })).getByRole("button", {
        name: "Move right",
      }),
    );
    expect(chosenPhotos()).toEqual(["Photo 1 (cover): a.png", "Photo 2: c.png", "Photo 3: b.png"]);

    await user.click(
      within(screen.getByRole("listitem", { name: "Photo 3" })).getByRole("button", { name: "Make cover" }),
    );
    expect(chosenPhotos()).toEqual(["Photo 1 (cover): b.png", "Photo 2: a.png", "Photo 3: c.png"]);

    await user.click(
      within(screen.getByRole("listitem", { name: "Photo 2" })).getByRole("button", { name: "Remove" }),
    );
    expect(chosenPhotos()).toEqual(["Photo 1 (cover): b.png", "Photo 2: c.png"]);
    expect(screen.getByText(`2 of ${MAX_PHOTOS} photos`)).toBeInTheDocument();
  });

  it(`keeps at most ${MAX_PHOTOS} and says so, and refuses a file over the size limit before sending anything`, async () => {
    const fetchMock = mockApi(categories);
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });

    const input = screen.getByLabelText("Bike photos");
    await user.upload(
      input,
      Array.from({ length: MAX_PHOTOS + 2 }, (_, i) => bikePhoto(`p${i + 1}.png`)),
    );
    expect(chosenPhotos()).toHaveLength(MAX_PHOTOS);
    expect(screen.getByRole("status")).toHaveTextContent(MSG.listing.tooManyPhotos(MAX_PHOTOS));
    expect(input).toBeDisabled();

    await user.click(
      within(screen.getByRole("listitem", { name: "Photo 8" })).getByRole("button", { name: "Remove" }),
    );
    expect(input).toBeEnabled();
    await user.upload(input, bikePhoto("huge.png", MAX_IMAGE_BYTES + 1));
    const huge = screen.getByRole("listitem", { name: "Photo 8" });
    expect(within(huge).getByRole("alert")).toHaveTextContent(MSG.image.tooLarge);
    expect(within(huge).queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add Product" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Bike photos")).toHaveAccessibleDescription(
        expect.stringContaining(MSG.image.tooLarge),
      ),
    );
    expect(fetchMock).not.toHaveBeenCalledWith("/api/listings", expect.anything());
  });

  it("shows each photo's progress while the bike is posted", async () => {
    mockApi({ ...categories, "POST /api/listings": () => ({ status: 201, body: { listing: {} } }) });
    const xhr = stubXhr({ hold: true });
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });
    // Two photos of 1,000 bytes each after the fields: a quarter of the body is mostly the first photo.
    await fillForm(user, [bikePhoto("front.png", 1000), bikePhoto("side.png", 1000)]);

    await user.click(screen.getByRole("button", { name: "Add Product" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    const [upload] = xhr.sent;
    const fields = upload!.total - 2000;
    upload!.progress((fields + 500) / upload!.total);
    expect(screen.getByRole("progressbar", { name: "Upload of photo 1" })).toHaveAttribute("value", "50");
    expect(screen.getByRole("progressbar", { name: "Upload of photo 2" })).toHaveAttribute("value", "0");
    expect(screen.getByRole("button", { name: "Add Product" })).toBeDisabled();

    upload!.progress((fields + 1500) / upload!.total);
    expect(screen.getByRole("progressbar", { name: "Upload of photo 1" })).not.toHaveAttribute("value");
    expect(screen.getByRole("progressbar", { name: "Upload of photo 2" })).toHaveAttribute("value", "50");
    expect(screen.getByText("Uploading 50%")).toBeInTheDocument();

    await upload!.finish();
    expect(await screen.findByText(MSG.listing.posted)).toBeInTheDocument();
    expect(screen.queryByRole("progressbar", { name: /^Upload of photo/ })).not.toBeInTheDocument();
  });

  it("says when the connection drops, keeps the form and lets the seller send it again", async () => {
    mockApi({ ...categories, "POST /api/listings": () => ({ status: 201, body: { listing: {} } }) });
    const xhr = stubXhr({ hold: true });
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });
    await fillForm(user);

    await user.click(screen.getByRole("button", { name: "Add Product" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    xhr.sent[0]!.fail();
    expect(await screen.findByText(MSG.network.unreachable)).toBeInTheDocument();
    expect(screen.getByLabelText("Bike model")).toHaveValue("Yamaha FZS V3");
    expect(chosenPhotos()).toEqual(["Photo 1 (cover): bike.png"]);
    expect(screen.queryByRole("progressbar", { name: /^Upload of photo/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add Product" }));
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    await xhr.sent[1]!.finish();
    expect(await screen.findByText(MSG.listing.posted)).toBeInTheDocument();
  });
});
