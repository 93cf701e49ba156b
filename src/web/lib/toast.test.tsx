import { act, render, screen, waitFor } from "@testing-library/react";
import { ToastContainer } from "react-toastify";
import { describe, expect, it } from "vitest";
import { toast } from "./toast.ts";

/**
 * react-toastify arrives after the page is up (not in any page's first load): what is asked of the
 * toasts before it has arrived must happen once it has. The first test runs before anything loaded it.
 */
describe("toast, before and after react-toastify has arrived", () => {
  it("shows a toast asked for early, keeps its id, and never shows one dismissed meanwhile", async () => {
    let shown: string | number = "";
    let dropped: string | number = "";
    act(() => {
      shown = toast.success("Saved before the library came");
      dropped = toast.error("Dismissed before it could show");
      toast.dismiss(dropped);
    });
    expect(toast.isActive(shown)).toBe(true);
    expect(toast.isActive(dropped)).toBe(false);
    render(<ToastContainer />);
    expect(await screen.findByText("Saved before the library came")).toBeInTheDocument();
    expect(screen.queryByText("Dismissed before it could show")).toBeNull();
    expect(toast.isActive(shown)).toBe(true);
    act(() => toast.dismiss(shown));
    await waitFor(() => expect(toast.isActive(shown)).toBe(false));
  });

  it("once here, passes each call straight on, ids given by the caller kept", async () => {
    render(<ToastContainer />);
    const seen: string[] = [];
    const stop = toast.onChange((item) => {
      if (item.status === "added") seen.push(String(item.id));
    });
    act(() => {
      toast.info("With an id of its own", { toastId: "mine" });
    });
    expect(await screen.findByText("With an id of its own")).toBeInTheDocument();
    await waitFor(() => expect(seen).toContain("mine"));
    stop();
  });
});
