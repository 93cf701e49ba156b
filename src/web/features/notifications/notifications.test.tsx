import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NOTIFICATION_KINDS, type Notification } from "#shared/schemas/notifications.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { buyer, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import { NotificationBell } from "./bell.tsx";
import { EmailPreferencesSection } from "./email-preferences.tsx";
import NotificationsPage from "./notifications-page.tsx";
import UnsubscribePage from "./unsubscribe-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const seller = { ...buyer, id: "u-seller", role: "seller" as const };
const booked: Notification = {
  id: 42,
  kind: "bikeBooked",
  data: {
    title: "Yamaha FZS V3 is booked",
    body: "Nadia (01712-345678) booked it and will meet you at Mirpur 10.",
    link: "/dashboard/mybuyers",
    bike: { model: "Yamaha FZS V3", price: 185_000 },
  },
  createdAt: "2026-05-01T10:00:00.000Z",
  read: false,
};
const verified: Notification = {
  id: 40,
  kind: "sellerVerified",
  data: {
    title: TALK_MSG.notification.verifiedTitle,
    body: TALK_MSG.notification.verifiedBody,
    link: "/sellers/u-seller",
  },
  createdAt: "2026-04-30T10:00:00.000Z",
  read: true,
};
const me = { "GET /api/auth/me": () => ({ body: { user: seller } }) };

describe("the bell", () => {
  it("says how many are unread, lists the latest as links, marks them read, and closes on Escape", async () => {
    const user = userEvent.setup();
    let unread = 1;
    const reads: unknown[] = [];
    mockApi({
      ...me,
      "GET /api/notifications/unread-count": () => ({ body: { unread } }),
      "GET /api/notifications": () => ({ body: { items: [booked, verified], nextCursor: null, unread } }),
      "POST /api/notifications/read": (init) => {
        reads.push(JSON.parse(String(init?.body)));
        unread = 0;
        return { body: { unread: 0 } };
      },
    });
    renderRoutes(
      [
        { path: "/", element: <NotificationBell /> },
        { path: "/dashboard/mybuyers", element: <p>My buyers</p> },
      ],
      "/",
    );
    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread" });
    expect(bell).toHaveAttribute("aria-expanded", "false");
    await user.click(bell);
    expect(bell).toHaveAttribute("aria-expanded", "true");
    const panel = await screen.findByRole("region", { name: TALK_MSG.notification.pageTitle });
    const link = await within(panel).findByRole("link", { name: /Yamaha FZS V3 is booked/ });
    expect(link).toHaveAttribute("href", "/dashboard/mybuyers");
    expect(within(link).getByText(TALK_MSG.notification.unreadLabel)).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: TALK_MSG.notification.seeAll })).toHaveAttribute(
      "href",
      "/dashboard/notifications",
    );
    await screen.findByRole("button", { name: TALK_MSG.notification.bell });
    expect(reads).toEqual([{ upTo: 42 }]);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region", { name: TALK_MSG.notification.pageTitle })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: TALK_MSG.notification.bell })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: TALK_MSG.notification.bell }));
    await user.click(await screen.findByRole("link", { name: /Yamaha FZS V3 is booked/ }));
    expect(await screen.findByText("My buyers")).toBeInTheDocument();
  });

  it("shows nothing to someone signed out", async () => {
    mockApi({
      "GET /api/auth/me": () => ({
        status: 401,
        body: {
          status: 401,
          title: "Unauthorized",
          detail: "x",
          code: "auth.notSignedIn",
          type: "about:blank",
        },
      }),
    });
    const { container } = renderRoutes([{ path: "/", element: <NotificationBell /> }], "/");
    await new Promise((r) => setTimeout(r, 20));
    expect(container).toBeEmptyDOMElement();
  });
});

describe("the notifications page", () => {
  it("lists them with the bike and marks all read", async () => {
    const user = userEvent.setup();
    const reads: unknown[] = [];
    mockApi({
      ...me,
      "GET /api/notifications/unread-count": () => ({ body: { unread: reads.length ? 0 : 1 } }),
      "GET /api/notifications": () => ({ body: { items: [booked, verified], nextCursor: null, unread: 1 } }),
      "POST /api/notifications/read": (init) => {
        reads.push(JSON.parse(String(init?.body)));
        return { body: { unread: 0 } };
      },
    });
    renderRoutes([{ path: "/", element: <NotificationsPage /> }], "/");
    expect(await screen.findByRole("heading", { name: TALK_MSG.notification.pageTitle })).toBeInTheDocument();
    expect(await screen.findByText("Yamaha FZS V3, ৳1,85,000")).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: TALK_MSG.notification.markAllRead }));
    expect(reads).toEqual([{}]);
    expect(await screen.findByRole("heading", { name: TALK_MSG.notification.pageTitle })).toBeInTheDocument();
  });

  it("says when there is nothing, and when the list cannot load", async () => {
    mockApi({
      ...me,
      "GET /api/notifications/unread-count": () => ({ body: { unread: 0 } }),
      "GET /api/notifications": () => ({ body: { items: [], nextCursor: null, unread: 0 } }),
    });
    const first = renderRoutes([{ path: "/", element: <NotificationsPage /> }], "/");
    expect(await screen.findByText(TALK_MSG.notification.empty)).toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();
    mockApi({
      ...me,
      "GET /api/notifications/unread-count": () => ({ body: { unread: 0 } }),
      "GET /api/notifications": () => ({
        status: 500,
        body: { type: "about:blank", title: "Internal", status: 500, detail: "x", code: "internal" },
      }),
    });
    renderRoutes([{ path: "/", element: <NotificationsPage /> }], "/");
    expect(await screen.findByRole("button", { name: /try again/i })).toBeInTheDocument();
  });
});

describe("email preferences", () => {
  it("has one labelled switch per kind and saves a flip", async () => {
    const user = userEvent.setup();
    const email = Object.fromEntries(Object.keys(NOTIFICATION_KINDS).map((k) => [k, true]));
    const puts: unknown[] = [];
    mockApi({
      "GET /api/notifications/preferences": () => ({ body: { email } }),
      "PUT /api/notifications/preferences": (init) => {
        const body = JSON.parse(String(init?.body));
        puts.push(body);
        return { body: { email: { ...email, ...body.email } } };
      },
    });
    renderRoutes(withToasts([{ path: "/", element: <EmailPreferencesSection /> }]), "/");
    const switches = await screen.findAllByRole("switch");
    expect(switches).toHaveLength(Object.keys(NOTIFICATION_KINDS).length);
    const booked = screen.getByRole("switch", { name: NOTIFICATION_KINDS.bikeBooked });
    expect(booked).toBeChecked();
    await user.click(booked);
    expect(await screen.findByText(TALK_MSG.notification.preferencesSaved)).toBeInTheDocument();
    expect(puts).toEqual([{ email: { bikeBooked: false } }]);
    expect(screen.getByRole("switch", { name: NOTIFICATION_KINDS.bikeBooked })).not.toBeChecked();
  });
});

describe("the unsubscribe page", () => {
  it("switches the email's kind off and says which", async () => {
    const calls: string[] = [];
    mockApi({
      "POST /api/notifications/unsubscribe": (_init, url) => {
        calls.push(url.searchParams.get("token") ?? "");
        return { body: { kind: "bikeBooked", label: NOTIFICATION_KINDS.bikeBooked } };
      },
    });
    renderRoutes(
      [{ path: "/unsubscribe", element: <UnsubscribePage /> }],
      "/unsubscribe?token=u.bikeBooked.sig",
    );
    expect(
      await screen.findByText(TALK_MSG.notification.unsubscribed(NOTIFICATION_KINDS.bikeBooked)),
    ).toBeInTheDocument();
    expect(calls).toEqual(["u.bikeBooked.sig"]);
  });

  it("says a bad link is not valid", async () => {
    mockApi({
      "POST /api/notifications/unsubscribe": () => ({
        status: 400,
        body: {
          type: "about:blank",
          title: "Bad Request",
          status: 400,
          detail: TALK_MSG.notification.badUnsubscribeLink,
          code: "notification.badUnsubscribeLink",
        },
      }),
    });
    renderRoutes([{ path: "/unsubscribe", element: <UnsubscribePage /> }], "/unsubscribe?token=nope");
    expect(await screen.findByText(TALK_MSG.notification.unsubscribeFailed)).toBeInTheDocument();
  });
});
