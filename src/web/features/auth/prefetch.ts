import type { QueryClient } from "@tanstack/react-query";
import { authProvidersQueryOptions } from "./api.ts";

/**
 * Sign-in and sign-up wait for this before they show (one small request, once per visit: the answer
 * never changes while the server runs), so "Continue with Google" is there, or not, from their first
 * paint and nothing below it moves (issue 12, CLS). One try only: with the API unreachable the page
 * shows at once without it, under the network banner, instead of waiting out the retries.
 */
export async function loadAuthProviders(queryClient: QueryClient): Promise<null> {
  try {
    await queryClient.ensureQueryData({ ...authProvidersQueryOptions(), retry: false });
  } catch {
    // Shown without Google; ContinueWithGoogle asks again when it mounts.
  }
  return null;
}
