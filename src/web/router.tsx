import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import { createBrowserRouter, type RouteObject, redirect } from "react-router";
import type { Role } from "#shared/schemas/auth.ts";
import { RequireAuth, RequireRole } from "#web/app/guards.tsx";
import { NotFoundPage } from "#web/app/not-found-page.tsx";
import { RootLayout, RootLayoutFallback } from "#web/app/root-layout.tsx";
import { RouteError } from "#web/app/route-error.tsx";
import { paths } from "#web/config/paths.ts";
import { loadAuthProviders } from "#web/features/auth/prefetch.ts";
import { prefetchAdvertised, prefetchCategory, prefetchListing } from "#web/features/listings/prefetch.ts";

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

/**
 * The app's routes. `queryClient` is the one the pages read: the loaders start a page's first request
 * there while its code downloads (they return at once; navigation never waits for data). Exported for
 * tests, which walk them in a memory router.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
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
          {
            index: true,
            loader: () => {
              prefetchAdvertised(queryClient);
              return null;
            },
            lazy: page(() => import("#web/app/home-route.tsx")),
          },
          {
            path: paths.signup.path,
            loader: () => loadAuthProviders(queryClient),
            lazy: page(() => import("#web/features/auth/signup-page.tsx")),
          },
          {
            path: paths.signin.path,
            loader: () => loadAuthProviders(queryClient),
            lazy: page(() => import("#web/features/auth/signin-page.tsx")),
          },
          {
            path: paths.resetPassword.path,
            lazy: page(() => import("#web/features/auth/reset-password-page.tsx")),
          },
          {
            path: paths.unsubscribe.path,
            lazy: page(() => import("#web/features/notifications/unsubscribe-page.tsx")),
          },
          { path: paths.blog.path, lazy: page(() => import("#web/features/content/blog-page.tsx")) },
          {
            path: paths.blogArticle.path,
            lazy: page(() => import("#web/features/content/blog-article-page.tsx")),
          },
          { path: paths.faq.path, lazy: page(() => import("#web/features/content/faq-page.tsx")) },
          ...[paths.terms, paths.privacy, paths.cookies].map((legal) => ({
            path: legal.path,
            lazy: page(() => import("#web/features/content/legal-page.tsx")),
          })),
          {
            // Public: anyone may look at bikes; booking and reporting ask for a buyer's sign-in.
            path: paths.listingsRoot.path,
            lazy: async () => ({
              Component: (await import("#web/features/listings/listings-layout.tsx")).ListingsLayout,
            }),
            children: [
              { index: true, loader: () => redirect(paths.listings.getHref("all")) },
              {
                path: paths.listingDetails.path,
                loader: ({ params }) => {
                  if (params.id) prefetchListing(queryClient, params.id);
                  return null;
                },
                lazy: page(() => import("#web/app/listing-details-route.tsx")),
              },
              {
                path: paths.listings.path,
                loader: ({ params, request }) => {
                  prefetchCategory(queryClient, params.category ?? "all", new URL(request.url));
                  return null;
                },
                lazy: page(() => import("#web/features/listings/category-page.tsx")),
              },
            ],
          },
          { path: paths.sellers.path, lazy: page(() => import("#web/app/seller-route.tsx")) },
          {
            path: d.root.path,
            lazy: async () => ({
              Component: (await import("#web/app/dashboard-layout.tsx")).DashboardLayout,
            }),
            children: [
              { index: true, lazy: page(() => import("#web/app/dashboard-home-page.tsx")) },
              rolePage(d.profile.path, null, () => import("#web/app/profile-route.tsx")),
              rolePage(
                d.notifications.path,
                null,
                () => import("#web/features/notifications/notifications-page.tsx"),
              ),
              rolePage(
                d.undelivered.path,
                "admin",
                () => import("#web/features/notifications/dead-letters-page.tsx"),
              ),
              rolePage(d.myOrders.path, "buyer", () => import("#web/app/my-orders-route.tsx")),
              rolePage(d.saved.path, "buyer", () => import("#web/features/saved/saved-page.tsx")),
              rolePage(d.myReviews.path, "seller", () => import("#web/features/reviews/my-reviews-page.tsx")),
              rolePage(d.earnings.path, "seller", () => import("#web/features/payments/earnings-page.tsx")),
              rolePage(d.payment.path, "buyer", () => import("#web/app/payment-route.tsx")),
              rolePage(
                d.addListing.path,
                "seller",
                () => import("#web/features/listings/add-listing-page.tsx"),
              ),
              rolePage(
                d.myListings.path,
                "seller",
                () => import("#web/features/listings/my-listings-page.tsx"),
              ),
              rolePage(
                d.myListingDetails.path,
                "seller",
                () => import("#web/features/listings/seller-listing-details-page.tsx"),
              ),
              rolePage(
                d.editListing.path,
                "seller",
                () => import("#web/features/listings/edit-listing-page.tsx"),
              ),
              rolePage(d.myBuyers.path, "seller", () => import("#web/features/orders/my-buyers-page.tsx")),
              // Buyers and sellers (the menu offers it to them; an admin has no conversations).
              rolePage(d.messages.path, null, () => import("#web/features/messages/conversations-page.tsx")),
              rolePage(
                d.conversation.path,
                null,
                () => import("#web/features/messages/conversation-page.tsx"),
              ),
              rolePage(d.allSellers.path, "admin", () => import("#web/features/admin/all-sellers-page.tsx")),
              rolePage(d.allBuyers.path, "admin", () => import("#web/features/admin/all-buyers-page.tsx")),
              rolePage(d.reportedItems.path, "admin", () => import("#web/app/reported-items-route.tsx")),
              rolePage(
                d.cashDisputes.path,
                "admin",
                () => import("#web/features/orders/cash-disputes-page.tsx"),
              ),
              rolePage(
                d.disputes.path,
                "admin",
                () => import("#web/features/orders/handover-disputes-page.tsx"),
              ),
              rolePage(d.payouts.path, "admin", () => import("#web/features/payments/payouts-page.tsx")),
            ],
          },
          { path: "*", Component: NotFoundPage },
        ],
      },
    ],
  },
];

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient));
