import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { User } from "#shared/schemas/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { problemAnswer } from "#web/test/problems.ts";
import { buyer, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import { DeleteAccountSection } from "./delete-account-section.tsx";

const routesFor = (user: User) =>
  withToasts([
    { path: "/", element: <h1>Home page</h1> },
    { path: "/dashboard/profile", element: <DeleteAccountSection user={user} /> },
  ]);

const problem = problemAnswer;

afterEach(() => vi.unstubAllGlobals());

describe("delete account", () => {
  it("says what goes and what stays, sends the password, then signs out on the home page", async () => {
    const sent: unknown[] = [];
    mockApi({
      "GET /api/auth/me": () => ({ body: { user: buyer } }),
      "DELETE /api/me": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    const { router, queryClient } = renderRoutes(routesFor(buyer), "/dashboard/profile");
    const section = await screen.findByRole("region", { name: MSG.account.deleteTitle });
    expect(section).toHaveTextContent(MSG.account.deleteIntro);

    await user.type(screen.getByLabelText(MSG.account.deletePasswordLabel), "Str0ng!Pass");
    await user.click(screen.getByRole("button", { name: MSG.account.deleteButton }));

    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(await screen.findByText(MSG.account.deleted)).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.auth.me)).toEqual({ user: null });
    expect(sent).toEqual([{ password: "Str0ng!Pass" }]);
  });

  it("asks for the password before sending anything, and shows the server's wrong-password answer under it", async () => {
    const fetchMock = mockApi({
      "DELETE /api/me": () =>
        problem(400, MSG.account.deletePasswordWrong, { password: MSG.account.deletePasswordWrong }),
    });
    const user = userEvent.setup();
    renderRoutes(routesFor(buyer), "/dashboard/profile");
    const button = await screen.findByRole("button", { name: MSG.account.deleteButton });
    await user.click(button);
    const field = screen.getByLabelText(MSG.account.deletePasswordLabel);
    expect(await screen.findByText(MSG.account.deletePasswordRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(field, "wrong");
    await user.click(button);
    expect(await screen.findByText(MSG.account.deletePasswordWrong)).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.getByRole("heading", { name: MSG.account.deleteTitle })).toBeInTheDocument();
  });

  it("asks an account without a password to type DELETE, and says why the last admin cannot go", async () => {
    const sent: unknown[] = [];
    mockApi({
      "DELETE /api/me": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return problem(409, MSG.account.lastAdmin);
      },
    });
    const user = userEvent.setup();
    renderRoutes(routesFor({ ...buyer, role: "admin", hasPassword: false }), "/dashboard/profile");
    const word = await screen.findByLabelText(MSG.account.deleteWordLabel);
    expect(screen.queryByLabelText(MSG.account.deletePasswordLabel)).not.toBeInTheDocument();

    await user.type(word, "delete");
    await user.click(screen.getByRole("button", { name: MSG.account.deleteButton }));
    expect(await screen.findByText(MSG.account.deleteWordRequired)).toBeInTheDocument();

    await user.clear(word);
    await user.type(word, "DELETE");
    await user.click(screen.getByRole("button", { name: MSG.account.deleteButton }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.account.lastAdmin);
    expect(sent).toEqual([{ confirm: "DELETE" }]);
  });
});
