import { PageTitle } from "#web/components/page-title.tsx";
import { useTexts } from "#web/lib/i18n.tsx";
import { useSession } from "#web/lib/session.ts";
import { TALK_PAGES_TEXT } from "#web/texts/talk.ts";
import { SellerReviews } from "./seller-reviews.tsx";

/** `/dashboard/myreviews`: the seller's own ratings, each with Reply until answered. */
export default function MyReviewsPage() {
  const { user } = useSession();
  const T = useTexts(TALK_PAGES_TEXT).talkPages.reviews;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{T.myTitle}</PageTitle>
      {user ? <SellerReviews sellerId={user.id} headingLevel={1} /> : null}
    </div>
  );
}
