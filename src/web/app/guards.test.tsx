import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "#shared/schemas/auth.ts";
import { buyer, mockApi, renderRoutes } from "#web/test/render.tsx";
import { RequireAuth, RequireRole } from "./guards.tsx";

const routes = [
  { path: "/signin", element: <h1>Sign-in page</h1> },
  {
    path: "/dashboard/addproduct",
    element: (
      <RequireRole allowed="seller">
        <h1>Add Product</h1>
      </RequireRole>
    ),
  },
  {
    path: "/dashboard",
    element: (
      <RequireAuth>
        <h1>Dashboard</h1>
      </RequireAuth>
    ),
  },
];

const me = (user: User | null) => ({ "GET /api/auth/me": () => ({ body: { user } }) });

afterEach(() => vi.unstubAllGlobals());

describe("route guards", () => {
  it("shows a spinner while the session loads", async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    mockApi({ "GET /api/auth/me": () => new Promise((resolve) => (answer = resolve)) });
    renderRoutes(routes, "/dashboard");
    expect(await screen.findByRole("status", { name: "Loading" })).toBeInTheDocument();
    answer({ body: { user: buyer } });
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
  });

  it("sends a signed-out visitor to sign-in, carrying where they came from", async () => {
    mockApi(me(null));
    const { router } = renderRoutes(routes, "/dashboard");
    expect(await screen.findByRole("heading", { name: "Sign-in page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/signin");
    expect(new URLSearchParams(router.state.location.search).get("from")).toBe("/dashboard");
  });

  it("sends a user with the wrong role to sign-in too", async () => {
    mockApi(me(buyer));
    const { router } = renderRoutes(routes, "/dashboard/addproduct");
    expect(await screen.findByRole("heading", { name: "Sign-in page" })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get("from")).toBe("/dashboard/addproduct");
  });

  it("lets the right role in", async () => {
    mockApi(me({ ...buyer, role: "seller" }));
    renderRoutes(routes, "/dashboard/addproduct");
    expect(await screen.findByRole("heading", { name: "Add Product" })).toBeInTheDocument();
  });
});

describe("an admin who must have two-step sign-in", () => {
  const adminRoutes = [
    { path: "/dashboard/profile", element: <h1>Profile page</h1> },
    {
      path: "/dashboard/allsellers",
      element: (
        <RequireRole allowed="admin">
          <h1>All sellers</h1>
        </RequireRole>
      ),
    },
  ];
  const admin: User = { ...buyer, role: "admin", mfaRequired: true, mfaEnabled: false };

  it("is sent to the profile page's enrolment before any admin page", async () => {
    mockApi(me(admin));
    const { router } = renderRoutes(adminRoutes, "/dashboard/allsellers");
    expect(await screen.findByRole("heading", { name: "Profile page" })).toBeInTheDocument();
    expect(router.state.location.hash).toBe("#two-factor");
  });

  it.each([
    ["once enrolled", { ...admin, mfaEnabled: true }],
    ["where it is not required", { ...admin, mfaRequired: false }],
  ])("gets in %s", async (_label, user) => {
    mockApi(me(user));
    renderRoutes(adminRoutes, "/dashboard/allsellers");
    expect(await screen.findByRole("heading", { name: "All sellers" })).toBeInTheDocument();
  });
});
