import type { ComponentType, ReactNode } from "react";
import { createBrowserRouter, type RouteObject, redirect } from "react-router";
import type { Role } from "#shared/schemas/auth.ts";
import { RequireAuth, RequireRole } from "./app/guards.tsx";
import { NotFoundPage } from "./app/not-found-page.tsx";
import { RootLayout, RootLayoutFallback } from "./app/root-layout.tsx";
import { RouteError } from "./app/route-error.tsx";
import { paths } from "./config/paths.ts";

type PageModule = { default: ComponentType };

/** A page loaded on first visit: its code stays out of the first download. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

const guarded = (role: Role | null, element: ReactNode) =>
  role ? <RequireRole allowed={role}>{element}</RequireRole> : <RequireAuth>{element}</RequireAuth>;

/** A dashboard page behind its role's guard (null: any signed-in user), its code loaded on first visit. */
const rolePage = (path: string, role: Role | null, load: () => Promise<PageModule>): RouteObject => ({
  path,
  lazy: async () => {
    const Page = (await load()).default;
    return { element: guarded(role, <Page />) };
  },
});

const d = paths.dashboard;

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    Component: RootLayout,
    HydrateFallback: RootLayoutFallback,
    errorElement: <RouteError />,
    children: [
      {
        // Inside the layout, so a failed page keeps the top bar and footer around its error.
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: page(() => import("./app/home-route.tsx")) },
          { path: paths.signup.path, lazy: page(() => import("./features/auth/signup-page.tsx")) },
          { path: paths.signin.path, lazy: page(() => import("./features/auth/signin-page.tsx")) },
          {
            path: paths.resetPassword.path,
            lazy: page(() => import("./features/auth/reset-password-page.tsx")),
          },
          { path: paths.blog.path, lazy: page(() => import("./features/content/blog-page.tsx")) },
          {
            path: paths.blogArticle.path,
            lazy: page(() => import("./features/content/blog-article-page.tsx")),
          },
          { path: paths.faq.path, lazy: page(() => import("./features/content/faq-page.tsx")) },
          {
            path: paths.productsRoot.path,
            lazy: async () => {
              const { ProductsLayout } = await import("./features/listings/products-layout.tsx");
              return { element: guarded("buyer", <ProductsLayout />) };
            },
            children: [
              { index: true, loader: () => redirect(paths.products.getHref("all")) },
              {
                path: paths.productDetails.path,
                lazy: page(() => import("./app/listing-details-route.tsx")),
              },
              {
                path: paths.products.path,
                lazy: page(() => import("./features/listings/category-page.tsx")),
              },
            ],
          },
          {
            path: d.root.path,
            lazy: async () => ({ Component: (await import("./app/dashboard-layout.tsx")).DashboardLayout }),
            children: [
              { index: true, lazy: page(() => import("./app/dashboard-home-page.tsx")) },
              rolePage(d.profile.path, null, () => import("./features/auth/profile-page.tsx")),
              rolePage(d.myOrders.path, "buyer", () => import("./features/orders/my-orders-page.tsx")),
              rolePage(d.payment.path, "buyer", () => import("./features/payments/payment-page.tsx")),
              rolePage(d.addProduct.path, "seller", () => import("./features/listings/add-product-page.tsx")),
              rolePage(d.myProducts.path, "seller", () => import("./features/listings/my-products-page.tsx")),
              rolePage(
                d.myProductDetails.path,
                "seller",
                () => import("./features/listings/seller-listing-details-page.tsx"),
              ),
              rolePage(d.myBuyers.path, "seller", () => import("./features/orders/my-buyers-page.tsx")),
              rolePage(d.allSellers.path, "admin", () => import("./features/admin/all-sellers-page.tsx")),
              rolePage(d.allBuyers.path, "admin", () => import("./features/admin/all-buyers-page.tsx")),
              rolePage(
                d.reportedItems.path,
                "admin",
                () => import("./features/reports/reported-items-page.tsx"),
              ),
            ],
          },
          { path: "*", Component: NotFoundPage },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
