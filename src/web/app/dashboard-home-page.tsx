import { BadgeCheck } from "lucide-react";
import { PageTitle } from "#web/components/page-title.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { useSession } from "#web/lib/session.ts";

const roleLabel = { buyer: "Buyer", seller: "Seller", admin: "Admin" } as const;

const roleIntro = {
  buyer: "Track the bikes you have booked and pay for your orders.",
  seller: "List your bikes, advertise them and see who bought them.",
  admin: "Verify sellers, review buyers and moderate reported listings.",
} as const;

export default function DashboardHomePage() {
  const { user } = useSession();
  if (!user) return <Spinner />;
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>Dashboard — MotoHaat</PageTitle>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body flex-col gap-4 sm:flex-row sm:items-center">
          <UserAvatar user={user} size="size-20" />
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-bold">Welcome, {user.name}</h1>
            <p className="flex flex-wrap items-center gap-2 text-base-content/80">
              <span className="badge badge-primary">{roleLabel[user.role]}</span>
              <span className="break-all">{user.email}</span>
              {user.role === "seller" && user.verified ? (
                <span className="inline-flex items-center gap-1 text-success">
                  <BadgeCheck className="size-4" aria-hidden="true" />
                  Verified seller
                </span>
              ) : null}
            </p>
            <p>{roleIntro[user.role]}</p>
            <p className="text-sm text-base-content/70 lg:hidden">Open the dashboard menu to get started.</p>
            <p className="hidden text-sm text-base-content/70 lg:block">
              Pick a task from the menu on the left.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
