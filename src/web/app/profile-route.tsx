import ProfilePage from "#web/features/auth/profile-page.tsx";
import { EmailPreferencesSection } from "#web/features/notifications/email-preferences.tsx";
import { PayoutDetailsSection } from "#web/features/payments/payout-details.tsx";
import { useSession } from "#web/lib/session.ts";

/**
 * `/dashboard/profile`: the account's own sections (auth), where a seller is paid (payments) and which
 * emails it gets (notifications).
 */
export default function ProfileRoute() {
  const { user } = useSession();
  return (
    <ProfilePage>
      {user?.role === "seller" ? <PayoutDetailsSection /> : null}
      <EmailPreferencesSection />
    </ProfilePage>
  );
}
