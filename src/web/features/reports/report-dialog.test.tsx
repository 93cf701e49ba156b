import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { ReportDialog } from "./report-dialog.tsx";

/** The report form after a failed try: the reason has focus, and its message goes as it is fixed. */

function renderDialog(onSubmit: (reason: string) => Promise<void>) {
  renderRoutes(
    [
      {
        path: "/",
        element: (
          <ReportDialog open onClose={() => {}} onSubmit={onSubmit} isPending={false} model="Suzuki Gixxer" />
        ),
      },
    ],
    "/",
  );
  return userEvent.setup();
}

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

describe("report form", () => {
  it("focuses the empty reason and clears the message once one is typed", async () => {
    const user = renderDialog(async () => {});
    await user.click(screen.getByRole("button", { name: "Send report" }));
    const reason = screen.getByLabelText("Reason");
    await vi.waitFor(() =>
      expect(reason).toHaveAccessibleDescription(expect.stringContaining(MSG.report.reasonRequired)),
    );
    expect(reason).toHaveFocus();
    await user.type(reason, "A fake listing");
    expect(screen.queryByText(MSG.report.reasonRequired)).not.toBeInTheDocument();
  });

  it("puts the server's word on the reason under it and focuses it, not in the alert above", async () => {
    const refused = new ApiError({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: MSG.report.reasonTooLong,
      errors: { reason: MSG.report.reasonTooLong },
    });
    const user = renderDialog(() => Promise.reject(refused));
    const reason = screen.getByLabelText("Reason");
    await user.type(reason, "Wrong price");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    await vi.waitFor(() =>
      expect(reason).toHaveAccessibleDescription(expect.stringContaining(MSG.report.reasonTooLong)),
    );
    expect(reason).toHaveFocus();
    // Said once, under the reason: not also in the form's alert.
    expect(screen.getAllByText(MSG.report.reasonTooLong)).toHaveLength(1);
    await user.type(reason, "!");
    expect(screen.queryByText(MSG.report.reasonTooLong)).not.toBeInTheDocument();
  });
});
