import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { Device } from "#shared/schemas/account.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import { DevicesSection } from "./devices-section.tsx";

const routes = withToasts([{ path: "/dashboard/profile", element: <DevicesSection /> }]);

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

const here: Device = {
  id: "dev-here",
  browser: "Firefox 128",
  os: "Linux",
  ip: "203.0.113.x",
  signedInAt: "2026-11-01T08:00:00.000Z",
  lastSeenAt: "2026-11-20T08:00:00.000Z",
  current: true,
};
const phone: Device = {
  id: "dev-phone",
  browser: "Mobile Safari 17",
  os: "iOS 17.5",
  ip: "2001:db8:85a3::/48",
  signedInAt: "2026-11-02T08:00:00.000Z",
  lastSeenAt: "2026-11-19T08:00:00.000Z",
  current: false,
};
const tablet: Device = { ...phone, id: "dev-tablet", browser: null, os: null, ip: null };

/** A fake server keeping a list of devices that DELETE calls change. */
function serverWith(initial: Device[]) {
  let list = [...initial];
  const deleted: string[] = [];
  const fetchMock = mockApi({
    "GET /api/auth/sessions": () => ({ body: { devices: list } }),
    "DELETE /api/auth/sessions": () => {
      const ended = list.filter((d) => !d.current).length;
      list = list.filter((d) => d.current);
      return { body: { ended } };
    },
    ...Object.fromEntries(
      initial.map((d) => [
        `DELETE /api/auth/sessions/${d.id}`,
        () => {
          deleted.push(d.id);
          list = list.filter((x) => x.id !== d.id);
          return { status: 204 };
        },
      ]),
    ),
  });
  return { fetchMock, deleted };
}

describe("signed-in devices", () => {
  it("lists each device with browser, system, masked address and times; this device is marked", async () => {
    serverWith([here, phone, tablet]);
    renderRoutes(routes, "/dashboard/profile");
    expect(screen.getByRole("status")).toBeInTheDocument();

    const items = await screen.findAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent("Firefox 128 on Linux");
    expect(items[0]).toHaveTextContent("This device");
    expect(items[0]).toHaveTextContent("203.0.113.x");
    expect(within(items[0]!).queryByRole("button")).toBeNull();
    expect(items[1]).toHaveTextContent("Mobile Safari 17 on iOS 17.5");
    expect(items[1]).toHaveTextContent("2001:db8:85a3::/48");
    expect(items[1]).not.toHaveTextContent("This device");
    expect(items[2]).toHaveTextContent("Unknown browser");
  });

  it("signs one other device out", async () => {
    const { deleted } = serverWith([here, phone]);
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/profile");

    await user.click(await screen.findByRole("button", { name: "Sign out Mobile Safari 17 on iOS 17.5" }));
    expect(await screen.findByText(MSG.account.sessionEnded)).toBeInTheDocument();
    expect(deleted).toEqual(["dev-phone"]);
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(1));
  });

  it("asks before signing out every other device; Cancel does nothing", async () => {
    const { fetchMock } = serverWith([here, phone, tablet]);
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/profile");

    await user.click(await screen.findByRole("button", { name: "Sign out all other devices" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(MSG.account.confirmEndOthers);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(fetchMock).not.toHaveBeenCalledWith(
      "/api/auth/sessions",
      expect.objectContaining({ method: "DELETE" }),
    );

    await user.click(screen.getByRole("button", { name: "Sign out all other devices" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Sign out others" }),
    );
    expect(await screen.findByText(MSG.account.othersEnded)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(1));
    expect(screen.getByText("You are not signed in anywhere else.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sign out all other devices" })).toBeNull();
  });

  it("shows the error with a retry when the list cannot be loaded", async () => {
    let fail = true;
    mockApi({
      "GET /api/auth/sessions": () =>
        fail
          ? { status: 503, body: { type: "about:blank", title: "x", status: 503, detail: "x" } }
          : { body: { devices: [here] } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/profile");

    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.generic.somethingWrong);
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Firefox 128 on Linux")).toBeInTheDocument();
  });

  it("says so when no device is signed in", async () => {
    serverWith([]);
    renderRoutes(routes, "/dashboard/profile");
    expect(await screen.findByText("No devices are signed in.")).toBeInTheDocument();
  });
});
