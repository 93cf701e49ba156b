type SpinnerProps = {
  /** What is loading, for screen readers; "Loading" when it is the whole page. */
  label?: string;
  size?: "sm" | "md" | "lg";
  /** Centre it in a block of generous height, for a page or section that is still loading. */
  block?: boolean;
};

const sizes = { sm: "loading-sm", md: "loading-md", lg: "loading-lg" } as const;

export function Spinner({ label = "Loading", size = "lg", block = false }: SpinnerProps) {
  const spinner = (
    <span
      role="status"
      aria-label={label}
      className={`loading loading-spinner text-primary ${sizes[size]}`}
    />
  );
  if (!block) return spinner;
  return <div className="flex min-h-[40vh] items-center justify-center p-8">{spinner}</div>;
}
