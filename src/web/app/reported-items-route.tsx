import ReportedItemsPage from "#web/features/admin/reported-items-page.tsx";
import { ReportedConversations } from "#web/features/messages/reported-conversations.tsx";
import { ReportedReviews } from "#web/features/reviews/reported-reviews.tsx";
import { queryKeys } from "#web/lib/query-keys.ts";
import { useSettled } from "#web/lib/use-settled.ts";

/** The admins' reported items: listings (admin feature), then conversations (messages feature), then reviews (reviews feature). */
export default function ReportedItemsRoute() {
  const listingsIn = useSettled(queryKeys.reports.reported);
  const conversationsIn = useSettled(queryKeys.conversations.reported);
  return (
    <div className="flex flex-col gap-10">
      <ReportedItemsPage />
      {listingsIn ? <ReportedConversations /> : null}
      {listingsIn && conversationsIn ? <ReportedReviews /> : null}
    </div>
  );
}
