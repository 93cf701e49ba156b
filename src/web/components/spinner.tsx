/**
 * A page or section that is still loading: a spinner centred in a block of generous height, named
 * for screen readers by `label` ("Loading" when it is the whole page).
 */
export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center p-8">
      <span role="status" aria-label={label} className="loading loading-spinner loading-lg text-primary" />
    </div>
  );
}
