import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { buildListing } from "#web/test/listings.ts";
import { renderRoutes, withToasts } from "#web/test/render.tsx";
import { ShareButton } from "./share-button.tsx";

const listing = buildListing();
const bikeUrl = `${window.location.origin}/products/productdetails/l-1`;

/** On the bike's page as sign-in returns to it, so the shared link must leave `?book=1` behind. */
function renderButton() {
  return renderRoutes(
    withToasts([{ path: "/products/productdetails/:id", element: <ShareButton listing={listing} /> }]),
    "/products/productdetails/l-1?book=1",
  );
}

/** A phone's share sheet: the Web Share API, which jsdom (like most desktops) does not have. */
function giveShareSheet(share: (data: ShareData) => Promise<void>) {
  Object.defineProperty(navigator, "share", { value: vi.fn(share), configurable: true });
  return navigator.share as ReturnType<typeof vi.fn>;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "share");
});

describe("Share", () => {
  it("opens the phone's share sheet with the bike's link, model and price", async () => {
    const share = giveShareSheet(async () => {});
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    renderButton();

    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(share).toHaveBeenCalledWith({
      title: "Yamaha FZS V3 — MotoHaat",
      text: "Yamaha FZS V3 for ৳1,50,000 on MotoHaat",
      url: bikeUrl,
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText(MSG.listing.linkCopied)).not.toBeInTheDocument();
  });

  it("says nothing when the share sheet is closed without sharing", async () => {
    giveShareSheet(async () => {
      throw new DOMException("Share canceled", "AbortError");
    });
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole("button", { name: "Share" }));
    // A later toast shows after any the first press would have raised: copy next, then look.
    Reflect.deleteProperty(navigator, "share");
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(await screen.findByText(MSG.listing.linkCopied)).toBeInTheDocument();
    expect(screen.queryByText(MSG.generic.somethingWrong)).not.toBeInTheDocument();
  });

  it("copies the link and says so where there is no share sheet", async () => {
    expect("share" in navigator).toBe(false);
    const user = userEvent.setup();
    renderButton();

    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(await screen.findByText(MSG.listing.linkCopied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(bikeUrl);
  });

  it("apologises when the link cannot be copied", async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(
      new DOMException("denied", "NotAllowedError"),
    );
    renderButton();

    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(await screen.findByText(MSG.generic.somethingWrong)).toBeInTheDocument();
    expect(screen.queryByText(MSG.listing.linkCopied)).not.toBeInTheDocument();
  });
});
