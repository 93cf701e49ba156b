import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { CATEGORIES } from "#shared/categories.ts";
import { MSG } from "#shared/messages.ts";
import { MAX_PHOTOS } from "#shared/schemas/listings.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import { emptyListingForm, ListingForm } from "./listing-form.tsx";

// Another limit than the 10 MB the app ships with: the form must say and apply whichever is set.
const { LIMIT } = vi.hoisted(() => ({ LIMIT: 2.5 * 1024 * 1024 }));
vi.mock("#shared/schemas/images.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("#shared/schemas/images.ts")>()),
  MAX_IMAGE_BYTES: LIMIT,
}));

const photoOf = (name: string, bytes: number) =>
  new File([new Uint8Array(bytes).fill(137)], name, { type: "image/png" });

beforeAll(() => {
  Object.assign(URL, { createObjectURL: () => "blob:preview", revokeObjectURL: () => {} });
});

describe("the listing form's photos", () => {
  it("states the configured size limit and refuses only what passes it", async () => {
    mockApi({ "GET /api/categories": () => ({ body: { categories: CATEGORIES } }) });
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          path: "/",
          element: <ListingForm defaultValues={emptyListingForm} submitLabel="Add" onSubmit={vi.fn()} />,
        },
      ],
      "/",
    );
    await screen.findByRole("option", { name: "Commuter" });

    const input = screen.getByLabelText("Bike photos");
    expect(input).toHaveAccessibleDescription(
      `1 to ${MAX_PHOTOS} photos, at most 2.5 MB each. The first is the cover buyers see on lists.`,
    );
    await user.upload(input, [photoOf("fits.png", LIMIT), photoOf("over.png", LIMIT + 1)]);
    const [fits, over] = [
      screen.getByRole("listitem", { name: "Photo 1 (cover)" }),
      screen.getByRole("listitem", { name: "Photo 2" }),
    ];
    expect(within(fits).queryByRole("alert")).not.toBeInTheDocument();
    expect(within(over).getByRole("alert")).toHaveTextContent(MSG.image.tooLarge);
  });
});
