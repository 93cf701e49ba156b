import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { HandoverDisputeItem } from "#shared/schemas/money.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import HandoverDisputesPage from "./handover-disputes-page.tsx";

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

const page = <T,>(items: T[]) => ({ body: { items, nextCursor: null } });

const dispute: HandoverDisputeItem = {
  orderId: "o-1",
  listing: { id: "bike-1", model: "Honda CB Hornet" },
  price: 185_000,
  paidAt: "2026-11-20T08:30:00.000Z",
  releaseDueAt: "2026-11-27T08:30:00.000Z",
  buyer: { id: "b-1", name: "Nadia Islam", email: "nadia@motohaat.test", phone: "+8801712345678" },
  seller: { id: "s-1", name: "Karim Seller", email: "karim@motohaat.test", phone: null },
  dispute: {
    reason: "not_as_described",
    description: "The engine number differs from the registration papers.",
    openedAt: "2026-11-22T09:30:00.000Z",
    decision: null,
    decidedAt: null,
    note: null,
    refundedAt: null,
  },
  messages: [
    {
      id: 1,
      conversationId: "c-1",
      senderId: "b-1",
      body: "Does it have papers?",
      sentAt: "2026-11-19T08:00:00.000Z",
      offer: null,
    },
    {
      id: 2,
      conversationId: "c-1",
      senderId: "s-1",
      body: "Yes, all of them.",
      sentAt: "2026-11-19T08:05:00.000Z",
      offer: null,
    },
  ],
};

describe("handover disputes, the admins' page", () => {
  const routes = withToasts([{ path: "/dashboard/disputes", Component: HandoverDisputesPage }]);

  it("shows each open dispute with both people and their messages, and refunds with a note both read", async () => {
    let decided = false;
    const sent: unknown[] = [];
    const fetchMock = mockApi({
      "GET /api/admin/handover-disputes": () => page(decided ? [] : [dispute]),
      "POST /api/admin/handover-disputes/o-1/decide": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        decided = true;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/disputes");

    const card = await screen.findByRole("article", { name: "Honda CB Hornet" });
    expect(card).toHaveTextContent(MONEY_MSG.dispute.openedOn("22-Nov-2026"));
    expect(card).toHaveTextContent(MONEY_MSG.dispute.reasons.not_as_described);
    expect(card).toHaveTextContent("The engine number differs from the registration papers.");
    expect(within(card).getByRole("link", { name: "01712-345678" })).toHaveAttribute(
      "href",
      "tel:+8801712345678",
    );
    expect(within(card).getByRole("link", { name: "karim@motohaat.test" })).toBeInTheDocument();
    await user.click(within(card).getByText(`${MONEY_MSG.dispute.messagesTitle} (2)`));
    expect(card).toHaveTextContent("Nadia Islam (buyer)");
    expect(card).toHaveTextContent("Yes, all of them.");

    await user.click(within(card).getByRole("button", { name: MONEY_MSG.dispute.refund("৳1,85,000") }));
    const dialog = await screen.findByRole("dialog", {
      name: MONEY_MSG.dispute.decideTitle("Honda CB Hornet"),
    });
    const note = within(dialog).getByLabelText(MONEY_MSG.dispute.noteLabel);
    await user.type(note, "Short");
    await user.click(within(dialog).getByRole("button", { name: MONEY_MSG.dispute.refund("৳1,85,000") }));
    expect(await within(dialog).findByText(MONEY_MSG.dispute.noteTooShort)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith("/api/admin/handover-disputes/o-1/decide", expect.anything());

    await user.type(note, ": the papers do not match the bike.");
    await user.click(within(dialog).getByRole("button", { name: MONEY_MSG.dispute.refund("৳1,85,000") }));
    expect(await screen.findByText(MONEY_MSG.dispute.decided.refund)).toBeInTheDocument();
    expect(sent).toEqual([{ decision: "refund", note: "Short: the papers do not match the bike." }]);
    expect(await screen.findByText(MONEY_MSG.dispute.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(MONEY_MSG.dispute.emptyHint)).toBeInTheDocument();
  });

  it("says when the two never wrote to each other", async () => {
    mockApi({ "GET /api/admin/handover-disputes": () => page([{ ...dispute, messages: [] }]) });
    renderRoutes(routes, "/dashboard/disputes");
    expect(await screen.findByText(MONEY_MSG.dispute.noMessages)).toBeInTheDocument();
  });

  it("a refund decided but not made (the provider was down) is tried again with the same note", async () => {
    const note = "The seller admits the bike went to another buyer.";
    const pending = {
      ...dispute,
      dispute: { ...dispute.dispute, decision: "refund" as const, decidedAt: dispute.dispute.openedAt, note },
    };
    let made = false;
    const sent: unknown[] = [];
    mockApi({
      "GET /api/admin/handover-disputes": () => page(made ? [] : [pending]),
      "POST /api/admin/handover-disputes/o-1/decide": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        made = true;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/disputes");
    const card = await screen.findByRole("article", { name: "Honda CB Hornet" });
    expect(within(card).getByRole("status")).toHaveTextContent(MONEY_MSG.dispute.refundPending);
    expect(
      within(card).queryByRole("button", { name: MONEY_MSG.dispute.release("৳1,85,000") }),
    ).not.toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: MONEY_MSG.dispute.retryRefund("৳1,85,000") }));
    expect(await screen.findByText(MONEY_MSG.dispute.decided.refund)).toBeInTheDocument();
    expect(sent).toEqual([{ decision: "refund", note }]);
    expect(await screen.findByText(MONEY_MSG.dispute.emptyTitle)).toBeInTheDocument();
  });
});
