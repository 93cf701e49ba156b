import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { buildListing } from "#web/test/listings.ts";
import { problemAnswer } from "#web/test/problems.ts";
import { buyer, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import { BookModal } from "./book-modal.tsx";

/** The booking form after a failed try: the first field to fix has focus, and its message goes as it is fixed. */

const listing = buildListing({ id: "l-1", model: "Yamaha FZS V3" });
const routes = withToasts([
  {
    path: "/",
    element: <BookModal listing={listing} buyer={buyer} open onClose={() => {}} onSignedOut={() => {}} />,
  },
]);
const noEarlierOrder = { "GET /api/me/orders": () => ({ body: { items: [], nextCursor: null } }) };

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

describe("booking form", () => {
  it("focuses the first empty field when its own check fails, and clears a message as it is fixed", async () => {
    mockApi(noEarlierOrder);
    const user = userEvent.setup();
    renderRoutes(routes, "/");
    const dialog = await screen.findByRole("dialog", { name: `Book ${listing.model}` });
    await user.type(within(dialog).getByLabelText("Meeting location"), "Banani 11");
    await user.click(within(dialog).getByRole("button", { name: "Confirm booking" }));

    const phone = within(dialog).getByLabelText("Phone");
    await vi.waitFor(() => expect(phone).toHaveAccessibleDescription(MSG.order.phoneRequired));
    expect(phone).toHaveFocus();
    await user.type(phone, "01712345678");
    expect(phone).toHaveAttribute("aria-invalid", "false");
    expect(within(dialog).queryByText(MSG.order.phoneRequired)).not.toBeInTheDocument();
  });

  it("focuses the first field the server refused, and clears its message as it is edited", async () => {
    mockApi({
      ...noEarlierOrder,
      "POST /api/orders": () =>
        problemAnswer(400, MSG.order.locationRequired, {
          meetingLocation: MSG.order.locationRequired,
          phone: MSG.order.phoneInvalid,
        }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/");
    const dialog = await screen.findByRole("dialog", { name: `Book ${listing.model}` });
    await user.type(within(dialog).getByLabelText("Phone"), "01712345678");
    await user.type(within(dialog).getByLabelText("Meeting location"), "Banani 11");
    await user.click(within(dialog).getByRole("button", { name: "Confirm booking" }));

    const phone = within(dialog).getByLabelText("Phone");
    await vi.waitFor(() => expect(phone).toHaveAccessibleDescription(MSG.order.phoneInvalid));
    expect(phone).toHaveFocus();
    await user.type(phone, "{Backspace}9");
    expect(phone).toHaveAttribute("aria-invalid", "false");
    expect(within(dialog).getByLabelText("Meeting location")).toHaveAccessibleDescription(
      MSG.order.locationRequired,
    );
  });
});
