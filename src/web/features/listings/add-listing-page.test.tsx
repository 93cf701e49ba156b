import { screen, waitFor } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CATEGORIES } from "#shared/categories.ts";
import { MSG } from "#shared/messages.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import AddListingPage from "./add-listing-page.tsx";

const path = "/dashboard/addproduct";
const routes = withToasts([{ path, Component: AddListingPage }]);
const categories = { "GET /api/categories": () => ({ body: { categories: CATEGORIES } }) };
const problem = (status: number, detail: string, errors?: Record<string, string>) => ({
  status,
  body: { type: "about:blank", title: "Bad Request", status, detail, errors },
});

const bikePhoto = () => new File([new Uint8Array([137, 80, 78, 71])], "bike.png", { type: "image/png" });

async function fillForm(user: UserEvent) {
  await user.type(screen.getByLabelText("Bike model"), "Yamaha FZS V3");
  await user.type(screen.getByLabelText("Engine (CC)"), "149");
  await user.selectOptions(screen.getByLabelText("Category"), "Sports");
  await user.type(screen.getByLabelText("Brand name"), "Yamaha");
  await user.type(screen.getByLabelText("Brand new price"), "245000");
  await user.type(screen.getByLabelText("Asking price"), "180000");
  await user.type(screen.getByLabelText("Total used"), "2 years");
  await user.upload(screen.getByLabelText("Bike photo"), bikePhoto());
}

beforeAll(() => {
  // jsdom has no object URLs; the preview only needs one to point at.
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
    expect(screen.getAllByRole("option")).toHaveLength(CATEGORIES.length + 1);

    await user.click(screen.getByRole("button", { name: "Add Product" }));
    const expected: [string, string][] = [
      ["Bike model", MSG.listing.modelRequired],
      ["Engine (CC)", MSG.listing.engineRequired],
      ["Brand name", MSG.listing.brandRequired],
      ["Brand new price", MSG.listing.brandNewPriceRequired],
      ["Asking price", MSG.listing.askingPriceRequired],
      ["Total used", MSG.listing.totalUsedRequired],
      ["Bike photo", MSG.listing.photoRequired],
    ];
    for (const [label, message] of expected) {
      await waitFor(() =>
        expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message)),
      );
    }
    expect(fetchMock).not.toHaveBeenCalledWith("/api/listings", expect.anything());
  });

  it("puts the server's field messages under their fields, and a refused photo under the photo", async () => {
    const replies = [
      problem(400, "Some fields need another look.", { model: "at most 120 characters" }),
      problem(415, MSG.image.notImage),
    ];
    mockApi({ ...categories, "POST /api/listings": () => replies.shift()! });
    const user = userEvent.setup();
    renderRoutes(routes, path);
    await screen.findByRole("option", { name: "Commuter" });
    await fillForm(user);

    await user.click(screen.getByRole("button", { name: "Add Product" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Bike model")).toHaveAccessibleDescription("at most 120 characters"),
    );

    await user.click(screen.getByRole("button", { name: "Add Product" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Bike photo")).toHaveAccessibleDescription(MSG.image.notImage),
    );
  });

  it("posts the bike with its photo, says so and empties the form for the next one", async () => {
    let sent: FormData | undefined;
    mockApi({
      ...categories,
      "POST /api/listings": (init) => {
        sent = init?.body as FormData;
        return { status: 201, body: { listing: {} } };
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(routes, path);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await screen.findByRole("option", { name: "Commuter" });
    await fillForm(user);
    expect(screen.getByRole("img", { name: "The bike as chosen, before posting" })).toBeInTheDocument();

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
    });
    expect(sent!.get("photo")).toHaveProperty("name", "bike.png");
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.listings.all });

    await waitFor(() => expect(screen.getByLabelText("Bike model")).toHaveValue(""));
    expect(screen.getByLabelText("Bike model")).toHaveFocus();
    expect(screen.getByLabelText("Engine (CC)")).toHaveValue(null);
    expect(screen.getByLabelText("Category")).toHaveDisplayValue("Commuter");
    expect(screen.getByLabelText("Asking price")).toHaveValue(null);
    expect(screen.getByLabelText("Total used")).toHaveValue("");
    expect((screen.getByLabelText("Bike photo") as HTMLInputElement).files).toHaveLength(0);
    expect(screen.queryByRole("img", { name: "The bike as chosen, before posting" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Product" })).toBeEnabled();
  });
});
