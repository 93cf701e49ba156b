import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { buyer, mockApi, renderRoutes } from "#web/test/render.tsx";
import ProfilePage from "./profile-page.tsx";

const routes = [
  {
    path: "/dashboard/profile",
    element: (
      <>
        <ProfilePage />
        <ToastContainer />
      </>
    ),
  },
];

const seller = { ...buyer, id: "u-seller", role: "seller" as const, phone: null as string | null };

afterEach(() => vi.unstubAllGlobals());

describe("profile page: the seller's phone", () => {
  it("a seller adds a phone: checked with the booking form's rule, sent alone, then shown as 01XXX-XXXXXX", async () => {
    const sent: FormData[] = [];
    mockApi({
      "GET /api/auth/me": () => ({ body: { user: seller } }),
      "GET /api/auth/sessions": () => ({ body: { devices: [] } }),
      "PATCH /api/auth/me": (init) => {
        const body = init?.body as FormData;
        sent.push(body);
        return { body: { user: { ...seller, phone: "+8801812345678" } } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/profile");

    const phone = await screen.findByLabelText(TALK_MSG.sellerPhone.label);
    expect(phone).toHaveValue("");
    expect(phone).toHaveAccessibleDescription(TALK_MSG.sellerPhone.hint);
    await user.type(phone, "12345");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(MSG.order.phoneInvalid)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, "01812 345678");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(MSG.profile.saved)).toBeInTheDocument();
    expect([...sent[0]!.entries()]).toEqual([["phone", "+8801812345678"]]);
    expect(phone).toHaveValue("01812-345678");
  });

  it("removes it: an empty field sends an empty phone", async () => {
    const sent: FormData[] = [];
    mockApi({
      "GET /api/auth/me": () => ({ body: { user: { ...seller, phone: "+8801812345678" } } }),
      "GET /api/auth/sessions": () => ({ body: { devices: [] } }),
      "PATCH /api/auth/me": (init) => {
        sent.push(init?.body as FormData);
        return { body: { user: seller } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/profile");

    const phone = await screen.findByLabelText(TALK_MSG.sellerPhone.label);
    expect(phone).toHaveValue("01812-345678");
    await user.clear(phone);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(MSG.profile.saved)).toBeInTheDocument();
    expect([...sent[0]!.entries()]).toEqual([["phone", ""]]);
  });

  it("a buyer without a phone is not asked for one", async () => {
    mockApi({
      "GET /api/auth/me": () => ({ body: { user: buyer } }),
      "GET /api/auth/sessions": () => ({ body: { devices: [] } }),
    });
    renderRoutes(routes, "/dashboard/profile");
    expect(await screen.findByLabelText("Name")).toBeInTheDocument();
    expect(screen.queryByLabelText(TALK_MSG.sellerPhone.label)).not.toBeInTheDocument();
  });
});
