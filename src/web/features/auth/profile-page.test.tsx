import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { problemReply } from "#web/test/problems.ts";
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

const signedIn = {
  "GET /api/auth/me": () => ({ body: { user: buyer } }),
  "GET /api/auth/sessions": () => ({ body: { devices: [] } }),
};

afterEach(() => vi.unstubAllGlobals());

describe("profile page", () => {
  it("saves a new name alone, and everything reading the session shows it at once", async () => {
    const sent: FormData[] = [];
    mockApi({
      ...signedIn,
      "PATCH /api/auth/me": (init) => {
        const body = init?.body as FormData;
        sent.push(body);
        return { body: { user: { ...buyer, name: String(body.get("name")) } } };
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(routes, "/dashboard/profile");

    const name = await screen.findByLabelText("Name");
    expect(name).toHaveValue(buyer.name);
    expect(screen.getByLabelText("Email")).toHaveValue(buyer.email);
    expect(screen.getByLabelText("Email")).toHaveAttribute("readonly");
    await user.clear(name);
    await user.type(name, "Rahim Uddin Khan");
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    expect(await screen.findByText(MSG.profile.saved)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect([...sent[0]!.keys()]).toEqual(["name"]);
    expect(queryClient.getQueryData(queryKeys.auth.me)).toEqual({
      user: { ...buyer, name: "Rahim Uddin Khan" },
    });
    expect(screen.getByRole("img", { name: "Rahim Uddin Khan" })).toBeInTheDocument();
  });

  it("checks the name before sending, with the sign-up message", async () => {
    const fetchMock = mockApi(signedIn);
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/profile");

    await user.clear(await screen.findByLabelText("Name"));
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(MSG.signup.nameRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith("/api/auth/me", expect.objectContaining({ method: "PATCH" }));
  });

  it("says there is nothing to save when neither the name nor the photo changed", async () => {
    const fetchMock = mockApi(signedIn);
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/profile");

    await screen.findByLabelText("Name");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.profile.nothingToChange);
    expect(fetchMock).not.toHaveBeenCalledWith("/api/auth/me", expect.objectContaining({ method: "PATCH" }));
  });

  it("sends a chosen photo and puts the server's 'not an image' answer under the photo field", async () => {
    const sent: FormData[] = [];
    mockApi({
      ...signedIn,
      "PATCH /api/auth/me": (init) => {
        sent.push(init?.body as FormData);
        return problemReply("image.notImage");
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/profile");

    const file = new File(["not really a picture"], "me.png", { type: "image/png" });
    await user.upload(await screen.findByLabelText("New photo"), file);
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() =>
      expect(screen.getByLabelText("New photo")).toHaveAccessibleDescription(
        expect.stringContaining(MSG.image.notImage),
      ),
    );
    expect([...sent[0]!.keys()]).toEqual(["photo"]);
    expect((sent[0]!.get("photo") as File).name).toBe("me.png");
  });
});
