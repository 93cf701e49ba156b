import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import MyBuyersPage from "./my-buyers-page.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("My buyers", () => {
  it("shows the empty text, exactly, instead of an empty table", async () => {
    mockApi({ "GET /api/me/buyers": () => ({ body: { items: [], nextCursor: null } }) });
    renderRoutes([{ path: "/", Component: MyBuyersPage }], "/");
    expect(await screen.findByText("Your bikes have not sold yet...")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
