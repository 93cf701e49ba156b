/** The MotoHaat mark and wordmark; the mark is the favicon drawn inline so it follows no request. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 font-bold tracking-tight sm:gap-2 ${className}`}>
      <svg viewBox="0 0 64 64" className="size-7 shrink-0 sm:size-8" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#f97316" />
        <circle cx="18" cy="42" r="10" fill="none" stroke="#fff" strokeWidth="5" />
        <circle cx="46" cy="42" r="10" fill="none" stroke="#fff" strokeWidth="5" />
        <path
          d="M18 42l10-16h12l6 16M28 26l-4-6h-6"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-lg sm:text-xl">
        {"Moto"}
        <span className="text-orange-700 dark:text-orange-400">{"Haat"}</span>
      </span>
    </span>
  );
}
