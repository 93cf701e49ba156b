import { PageTitle } from "#web/components/page-title.tsx";
import { useSession } from "#web/lib/session.ts";
import { SellerReviews } from "./seller-reviews.tsx";

/** `/dashboard/myreviews`: the seller's own ratings, each with Reply until answered. */
export default function MyReviewsPage() {
  const { user } = useSession();
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>My ratings — MotoHaat</PageTitle>
      {user ? <SellerReviews sellerId={user.id} headingLevel={1} /> : null}
    </div>
  );
}
