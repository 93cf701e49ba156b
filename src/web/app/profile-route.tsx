import ProfilePage from "#web/features/auth/profile-page.tsx";
import { EmailPreferencesSection } from "#web/features/notifications/email-preferences.tsx";

/** `/dashboard/profile`: the account's own sections (auth) and which emails it gets (notifications). */
export default function ProfileRoute() {
  return (
    <ProfilePage>
      <EmailPreferencesSection />
    </ProfilePage>
  );
}
