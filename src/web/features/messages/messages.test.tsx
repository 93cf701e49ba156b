import type { QueryClient } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Listing } from "#shared/schemas/listings.ts";
import type { Conversation, ConversationDetail, Message, Offer } from "#shared/schemas/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { LanguageProvider, loadLanguage } from "#web/lib/i18n.tsx";
import { queryKeys } from "#web/lib/query-keys.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { buyer, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import ConversationPage from "./conversation-page.tsx";
import ConversationsPage from "./conversations-page.tsx";
import { MessageSellerButton } from "./message-seller-button.tsx";

const seller = {
  ...buyer,
  id: "u-seller",
  name: "Selim Seller",
  email: "seller@motohaat.test",
  role: "seller" as const,
};
const signedInAs = (user: typeof buyer | typeof seller | null) => ({
  "GET /api/auth/me": () => ({ body: { user } }),
  "GET /api/conversations/unread": () => ({ body: { unread: 0 } }),
});

const bike = {
  id: "l-1",
  model: "Yamaha FZS V3",
  price: 150_000,
  photo: null,
  negotiable: true,
  state: "available" as const,
};
const summary: Conversation = {
  id: "c-1",
  role: "buyer",
  bike,
  other: { id: "u-seller", name: "Selim Seller", photo: null },
  lastMessage: {
    body: "Yes, papers are clear",
    senderId: "u-seller",
    sentAt: "2026-05-01T10:00:00.000Z",
    offer: false,
  },
  unread: 2,
  updatedAt: "2026-05-01T10:00:00.000Z",
};
const detail = (over: Partial<ConversationDetail> = {}): ConversationDetail => ({
  ...summary,
  blockedByMe: false,
  blockedByThem: false,
  reportedByMe: false,
  offer: null,
  ...over,
});
const message = (id: number, senderId: string, body: string, offer: Offer | null = null): Message => ({
  id,
  conversationId: "c-1",
  senderId,
  body,
  sentAt: "2026-05-01T10:00:00.000Z",
  offer,
});

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

describe("the conversations list", () => {
  it("shows each conversation's bike, the other person, the last line and the unread count", async () => {
    mockApi({
      ...signedInAs(buyer),
      "GET /api/conversations": () => ({ body: { items: [summary], nextCursor: null } }),
    });
    renderRoutes([{ path: "/dashboard/messages", element: <ConversationsPage /> }], "/dashboard/messages");
    const link = await screen.findByRole("link", { name: /Yamaha FZS V3/ });
    expect(link).toHaveAttribute("href", "/dashboard/messages/c-1");
    expect(within(link).getByText("Selim Seller")).toBeInTheDocument();
    expect(within(link).getByText("Yes, papers are clear")).toBeInTheDocument();
    expect(within(link).getByText(TALK_MSG.conversation.unread(2))).toBeInTheDocument();
  });

  it("in Bangla, says an offer's last line in Bangla and a person's words as written", async () => {
    const bn = await loadLanguage("bn");
    const offered = TALK_MSG.offer.made("৳1,30,000");
    mockApi({
      ...signedInAs(buyer),
      "GET /api/conversations": () => ({
        body: {
          items: [
            { ...summary, lastMessage: { ...summary.lastMessage, body: offered, offer: true } },
            // Someone who typed the very words of an offer: theirs, not ours.
            { ...summary, id: "c-2", lastMessage: { ...summary.lastMessage, body: offered, offer: false } },
          ],
          nextCursor: null,
        },
      }),
    });
    renderRoutes(
      [
        {
          path: "/dashboard/messages",
          element: (
            <LanguageProvider initial={bn}>
              <ConversationsPage />
            </LanguageProvider>
          ),
        },
      ],
      "/dashboard/messages",
    );
    const [offer, typed] = await screen.findAllByRole("link", { name: /Yamaha FZS V3/ });
    expect(within(offer!).getByText("প্রস্তাব ৳১,৩০,০০০")).toBeInTheDocument();
    expect(within(typed!).getByText(offered)).toBeInTheDocument();
  });

  it("says when there are none", async () => {
    mockApi({
      ...signedInAs(buyer),
      "GET /api/conversations": () => ({ body: { items: [], nextCursor: null } }),
    });
    renderRoutes([{ path: "/dashboard/messages", element: <ConversationsPage /> }], "/dashboard/messages");
    expect(await screen.findByText(TALK_MSG.conversation.none)).toBeInTheDocument();
  });
});

describe("a conversation", () => {
  const route = [{ path: "/dashboard/messages/:id", element: <ConversationPage /> }];

  it("shows messages as text, marks them read, and sends with Enter", async () => {
    const sent: unknown[] = [];
    const fetchMock = mockApi({
      ...signedInAs(buyer),
      "GET /api/conversations/c-1": () => ({ body: { conversation: detail() } }),
      "GET /api/conversations/c-1/messages": () => ({
        body: {
          items: [message(1, "u-buyer", "<b>papers?</b>"), message(2, "u-seller", "Yes, papers are clear")],
          nextCursor: null,
        },
      }),
      "POST /api/conversations/c-1/read": () => ({ status: 204 }),
      "POST /api/conversations/c-1/messages": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return { status: 201, body: { message: message(3, "u-buyer", "See you") } };
      },
      "GET /api/notifications/unread": () => ({ body: { unread: 0 } }),
    });
    const user = userEvent.setup();
    renderRoutes(withToasts(route), "/dashboard/messages/c-1");

    expect(await screen.findByText("<b>papers?</b>")).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => url === "/api/conversations/c-1/read" && init?.method === "POST",
        ),
      ).toBe(true),
    );
    const box = screen.getByLabelText(TALK_MSG.conversation.messageLabel);
    await user.type(box, "{Enter}");
    expect(await screen.findByText(TALK_MSG.conversation.bodyRequired)).toBeInTheDocument();
    await user.type(box, "See you{Enter}");
    await vi.waitFor(() => expect(sent).toEqual([{ body: "See you" }]));
    await vi.waitFor(() => expect(box).toHaveValue(""));
  });

  it("says who blocked whom and offers no composer; the blocker can unblock", async () => {
    mockApi({
      ...signedInAs(buyer),
      "GET /api/conversations/c-1": () => ({
        body: { conversation: detail({ blockedByThem: true, unread: 0 }) },
      }),
      "GET /api/conversations/c-1/messages": () => ({
        body: { items: [message(1, "u-buyer", "hi")], nextCursor: null },
      }),
    });
    renderRoutes(route, "/dashboard/messages/c-1");
    expect(await screen.findByText(TALK_MSG.conversation.blockedByThem("Selim Seller"))).toBeInTheDocument();
    expect(screen.queryByLabelText(TALK_MSG.conversation.messageLabel)).not.toBeInTheDocument();
  });

  it("says a sold bike's conversation stays to read", async () => {
    mockApi({
      ...signedInAs(buyer),
      "GET /api/conversations/c-1": () => ({
        body: { conversation: detail({ bike: { ...bike, state: "sold" }, unread: 0 }) },
      }),
      "GET /api/conversations/c-1/messages": () => ({ body: { items: [], nextCursor: null } }),
    });
    renderRoutes(route, "/dashboard/messages/c-1");
    expect(await screen.findByText(TALK_MSG.conversation.bikeSold)).toBeInTheDocument();
  });

  it("lets the seller accept a pending offer", async () => {
    const offer: Offer = {
      id: "o-1",
      conversationId: "c-1",
      amount: 130_000,
      status: "pending",
      expiresAt: null,
      createdAt: "2026-05-01T10:00:00.000Z",
    };
    const fetchMock = mockApi({
      ...signedInAs(seller),
      "GET /api/conversations/c-1": () => ({
        body: { conversation: detail({ role: "seller", offer, unread: 0 }) },
      }),
      "GET /api/conversations/c-1/messages": () => ({
        body: { items: [message(1, "u-buyer", TALK_MSG.offer.made("৳1,30,000"), offer)], nextCursor: null },
      }),
      "POST /api/offers/o-1/accept": () => ({ body: { offer: { ...offer, status: "accepted" } } }),
    });
    const user = userEvent.setup();
    renderRoutes(route, "/dashboard/messages/c-1");
    expect(await screen.findByText(TALK_MSG.offer.pending)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: TALK_MSG.offer.accept }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === "/api/offers/o-1/accept")).toBe(true),
    );
  });

  it("lets the buyer make an offer, at most the asking price", async () => {
    const sent: unknown[] = [];
    mockApi({
      ...signedInAs(buyer),
      "GET /api/conversations/c-1": () => ({ body: { conversation: detail({ unread: 0 }) } }),
      "GET /api/conversations/c-1/messages": () => ({ body: { items: [], nextCursor: null } }),
      "POST /api/conversations/c-1/offers": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return { status: 201, body: { offer: {} } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(route, "/dashboard/messages/c-1");
    const amount = await screen.findByLabelText(TALK_MSG.offer.amountLabel);
    await user.type(amount, "160000");
    await user.click(screen.getByRole("button", { name: TALK_MSG.offer.submit }));
    expect(await screen.findByText(TALK_MSG.offer.aboveAsking)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, "130000");
    await user.click(screen.getByRole("button", { name: TALK_MSG.offer.submit }));
    await vi.waitFor(() => expect(sent).toEqual([{ amount: 130_000 }]));
  });
});

describe("Message the seller", () => {
  const listing = { id: "l-1", model: "Yamaha FZS V3", status: "available" } as Listing;
  const routes = [
    { path: "/products/productdetails/l-1", element: <MessageSellerButton listing={listing} /> },
    { path: "/signin", element: <h1>Sign in page</h1> },
    { path: "/dashboard/messages/:id", element: <h1>Conversation page</h1> },
  ];

  it("sends a signed-out visitor to sign in first", async () => {
    mockApi(signedInAs(null));
    const user = userEvent.setup();
    renderRoutes(withToasts(routes), "/products/productdetails/l-1");
    await user.click(await screen.findByRole("button", { name: TALK_MSG.conversation.messageSeller }));
    expect(await screen.findByRole("heading", { name: "Sign in page" })).toBeInTheDocument();
  });

  it("is not offered to a seller", async () => {
    mockApi(signedInAs(seller));
    const { container } = renderRoutes(routes, "/products/productdetails/l-1");
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(
      screen.queryByRole("button", { name: TALK_MSG.conversation.messageSeller }),
    ).not.toBeInTheDocument();
  });

  it("lets a buyer write the first message and opens the conversation", async () => {
    // As on a busy server, the live event of the new message reaches the tab before the answer to
    // the send: the refetch finds the conversation and swaps the button for a link while the
    // dialog still waits. The buyer must land on the conversation all the same.
    const sent: unknown[] = [];
    let queryClient: QueryClient | undefined;
    mockApi({
      ...signedInAs(buyer),
      "GET /api/listings/l-1/conversation": () => ({
        body: { conversationId: sent.length ? "c-9" : null, acceptedOffer: null },
      }),
      "POST /api/listings/l-1/conversation": async (init) => {
        sent.push(JSON.parse(String(init?.body)));
        await queryClient?.invalidateQueries({ queryKey: queryKeys.conversations.all });
        await screen.findByRole("link", { name: TALK_MSG.conversation.openConversation });
        return {
          status: 201,
          body: { conversationId: "c-9", message: message(1, "u-buyer", "Papers clear?") },
        };
      },
    });
    const user = userEvent.setup();
    ({ queryClient } = renderRoutes(routes, "/products/productdetails/l-1"));
    await user.click(await screen.findByRole("button", { name: TALK_MSG.conversation.messageSeller }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(TALK_MSG.conversation.messageLabel), "Papers clear?");
    await user.click(within(dialog).getByRole("button", { name: TALK_MSG.conversation.send }));
    expect(await screen.findByRole("heading", { name: "Conversation page" })).toBeInTheDocument();
    expect(sent).toEqual([{ body: "Papers clear?" }]);
  });

  it("opens the buyer's existing conversation instead", async () => {
    mockApi({
      ...signedInAs(buyer),
      "GET /api/listings/l-1/conversation": () => ({ body: { conversationId: "c-1", acceptedOffer: null } }),
    });
    renderRoutes(routes, "/products/productdetails/l-1");
    expect(await screen.findByRole("link", { name: TALK_MSG.conversation.openConversation })).toHaveAttribute(
      "href",
      "/dashboard/messages/c-1",
    );
  });
});
