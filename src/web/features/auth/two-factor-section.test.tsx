import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { User } from "#shared/schemas/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { useSession } from "#web/lib/session.ts";
import { problemAnswer } from "#web/test/problems.ts";
import { buyer, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import { TwoFactorSection } from "./two-factor-section.tsx";

function Section() {
  const { user } = useSession();
  return user ? <TwoFactorSection user={user} /> : null;
}
const routes = withToasts([{ path: "/dashboard/profile", Component: Section }]);
const problem = problemAnswer;
const setup = {
  secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  uri: "otpauth://totp/MotoHaat:buyer%40motohaat.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=MotoHaat",
  qrCode: "data:image/svg+xml;base64,PHN2Zy8+",
};
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abc${i}-xyz${i}`);

afterEach(() => vi.unstubAllGlobals());

describe("two-step sign-in on the profile page", () => {
  it("sets up with a QR code and the key as text, refuses a wrong code, then shows the recovery codes once", async () => {
    let me: User = buyer;
    mockApi({
      "GET /api/auth/me": () => ({ body: { user: me } }),
      "POST /api/auth/mfa/setup": () => ({ body: setup }),
      "POST /api/auth/mfa/confirm": (init) => {
        const body = JSON.parse(String(init?.body));
        expect(body.password).toBe("Secr3t!Pass");
        if (body.code !== "123456") return problem(400, MSG.mfa.wrongCode, { code: MSG.mfa.wrongCode });
        me = { ...buyer, mfaEnabled: true };
        return { body: { user: me, recoveryCodes } };
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(routes, "/dashboard/profile");

    await user.click(await screen.findByRole("button", { name: "Set up two-step sign-in" }));
    expect(await screen.findByRole("img", { name: /QR code/ })).toHaveAttribute("src", setup.qrCode);
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();

    const input = screen.getByLabelText("Code from the app");
    expect(input).toHaveAttribute("autocomplete", "one-time-code");
    expect(input).toHaveAttribute("inputmode", "numeric");
    // Nothing typed: the code, first on the form, gets focus.
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText(MSG.mfa.codeRequired)).toBeInTheDocument();
    expect(input).toHaveFocus();
    await user.type(input, "000000");
    await user.type(screen.getByLabelText("Your password"), "Secr3t!Pass");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText(MSG.mfa.wrongCode)).toBeInTheDocument();
    expect(input).toHaveFocus();

    await user.clear(input);
    await user.type(input, "123456");
    expect(screen.queryByText(MSG.mfa.wrongCode)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    const list = await screen.findByRole("list", { name: "Recovery codes" });
    expect(list.querySelectorAll("li")).toHaveLength(10);
    expect(list).toHaveTextContent("abc0-xyz0");
    expect(queryClient.getQueryData(queryKeys.auth.me)).toEqual({ user: me });

    await user.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(screen.queryByRole("list", { name: "Recovery codes" })).not.toBeInTheDocument();
    expect(screen.getByText(/signing in asks for a code/)).toBeInTheDocument();
  });

  it("turns off with the password, showing a wrong password's message first", async () => {
    const sent: unknown[] = [];
    mockApi({
      "GET /api/auth/me": () => ({ body: { user: { ...buyer, mfaEnabled: true } } }),
      "POST /api/auth/mfa/disable": (init) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        return body.password === "Right!Pass1"
          ? { body: { user: buyer } }
          : problem(400, MSG.mfa.wrongPassword, { password: MSG.mfa.wrongPassword });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/profile");

    const proof = await screen.findByLabelText(/Password \(or a current code\)/);
    await user.type(proof, "Wrong!Pass1");
    await user.click(screen.getByRole("button", { name: "Turn off two-step sign-in" }));
    expect(await screen.findByText(MSG.mfa.wrongPassword)).toBeInTheDocument();
    // The field to correct has focus, and the answer goes away as it is corrected.
    expect(proof).toHaveFocus();
    await user.clear(proof);
    await user.type(proof, "Right!Pass1");
    expect(screen.queryByText(MSG.mfa.wrongPassword)).not.toBeInTheDocument();
    expect(proof).toHaveAttribute("aria-invalid", "false");
    await user.click(screen.getByRole("button", { name: "Turn off two-step sign-in" }));
    expect(await screen.findByRole("button", { name: "Set up two-step sign-in" })).toBeInTheDocument();
    expect(sent).toEqual([{ password: "Wrong!Pass1" }, { password: "Right!Pass1" }]);
  });

  it("asks for the password or a code before sending anything, and sends 6 digits as a code", async () => {
    const sent: unknown[] = [];
    mockApi({
      "GET /api/auth/me": () => ({ body: { user: { ...buyer, mfaEnabled: true } } }),
      "POST /api/auth/mfa/disable": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return problem(400, MSG.mfa.wrongCode, { code: MSG.mfa.wrongCode });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/profile");

    const proof = await screen.findByLabelText(/Password \(or a current code\)/);
    await user.click(screen.getByRole("button", { name: "Turn off two-step sign-in" }));
    expect(await screen.findByText(MSG.mfa.proofRequired)).toHaveClass("font-bold");
    expect(proof).toHaveAttribute("aria-invalid", "true");
    expect(proof).toHaveFocus();
    expect(sent).toEqual([]);

    await user.type(proof, "123 456");
    await user.click(screen.getByRole("button", { name: "Turn off two-step sign-in" }));
    expect(await screen.findByText(MSG.mfa.wrongCode)).toHaveClass("font-bold");
    expect(screen.queryByText(MSG.mfa.proofRequired)).not.toBeInTheDocument();
    expect(sent).toEqual([{ code: "123 456" }]);
  });

  it("tells an admin who must have it to set it up, and offers no way to turn it off once on", async () => {
    const admin: User = { ...buyer, role: "admin", mfaRequired: true };
    mockApi({ "GET /api/auth/me": () => ({ body: { user: admin } }) });
    const { unmount } = renderRoutes(routes, "/dashboard/profile");
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.mfa.enrolmentRequired);
    unmount();

    vi.unstubAllGlobals();
    mockApi({ "GET /api/auth/me": () => ({ body: { user: { ...admin, mfaEnabled: true } } }) });
    renderRoutes(routes, "/dashboard/profile");
    expect(await screen.findByText(/Administrators must keep it on/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Turn off two-step sign-in" })).not.toBeInTheDocument();
  });

  it("moves focus to what replaces the pressed button: the set-up steps, the recovery codes, then the section", async () => {
    let me: User = buyer;
    mockApi({
      "GET /api/auth/me": () => ({ body: { user: me } }),
      "POST /api/auth/mfa/setup": () => ({ body: setup }),
      "POST /api/auth/mfa/confirm": () => {
        me = { ...buyer, mfaEnabled: true };
        return { body: { user: me, recoveryCodes } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/profile");

    await user.click(await screen.findByRole("button", { name: "Set up two-step sign-in" }));
    const steps = await screen.findByRole("heading", { name: "Connect your authenticator app" });
    await waitFor(() => expect(document.activeElement).toBe(steps));

    await user.type(screen.getByLabelText("Code from the app"), "123456");
    await user.type(screen.getByLabelText("Your password"), "Secr3t!Pass");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    const saved = await screen.findByRole("heading", { name: /Save these recovery codes now/ });
    await waitFor(() => expect(document.activeElement).toBe(saved));

    await user.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Two-step sign-in", level: 2 }));
  });

  it("shows turning off as pending while the answer is awaited, then focuses the section", async () => {
    let answer: () => void = () => {};
    let me: User = { ...buyer, mfaEnabled: true };
    mockApi({
      "GET /api/auth/me": () => ({ body: { user: me } }),
      "POST /api/auth/mfa/disable": () =>
        new Promise((resolve) => {
          answer = () => {
            me = buyer;
            resolve({ body: { user: buyer } });
          };
        }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/profile");

    await user.type(await screen.findByLabelText(/Password \(or a current code\)/), "Right!Pass1");
    const button = screen.getByRole("button", { name: "Turn off two-step sign-in" });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button.querySelector(".loading-spinner")).toBeInTheDocument();

    answer();
    expect(await screen.findByRole("button", { name: "Set up two-step sign-in" })).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Two-step sign-in", level: 2 }));
  });
});
