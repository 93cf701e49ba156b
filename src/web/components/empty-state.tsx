import type { ReactNode } from "react";

type EmptyStateProps = {
  title: string;
  /** A sentence of help, e.g. what to do next. */
  children?: ReactNode;
  icon?: ReactNode;
  /** A call to action such as a link to add the first item. */
  action?: ReactNode;
};

export function EmptyState({ title, children, icon, action }: EmptyStateProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-6 py-12 text-center">
      {icon ? (
        <div className="text-base-content/60" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <h2 className="text-lg font-semibold">{title}</h2>
      {children ? <div className="text-base-content/70">{children}</div> : null}
      {action}
    </div>
  );
}
