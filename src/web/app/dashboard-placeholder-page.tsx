import { Construction } from "lucide-react";
import { EmptyState } from "#web/components/empty-state.tsx";

/** Holds a dashboard route until its feature lands, so guards and menu links work end to end now. */
export function DashboardPlaceholderPage({ title }: { title: string }) {
  return (
    <section className="flex flex-col gap-6">
      <title>{`${title} — MotoHaat`}</title>
      <h1 className="text-2xl font-bold">{title}</h1>
      <EmptyState title="Coming soon" icon={<Construction className="size-10" />}>
        This part of MotoHaat is being built.
      </EmptyState>
    </section>
  );
}
