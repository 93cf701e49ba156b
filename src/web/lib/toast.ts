/**
 * The toasts, loaded when the page is up rather than in its first code (issue 25 needs the room:
 * react-toastify is ~5 KB gzip of every page's first load, and no page shows a toast before it has
 * hydrated). The same calls as react-toastify's `toast` (`toast.success(…)`, `toast.dismiss(id)`…):
 * a call made before the library has arrived is made as soon as it does, with its id given here, so
 * the id a call returns is the toast's in every case. react-toastify itself keeps toasts raised
 * before its container is on the page and shows them once it is (src/web/app/app-providers.tsx).
 */
import type { Id, ToastContainerProps, ToastContent, ToastItem, ToastOptions } from "react-toastify";

type Toastify = typeof import("react-toastify");

let library: Toastify | undefined;
let loading: Promise<Toastify> | undefined;
const waiting: ((lib: Toastify) => void)[] = [];

/** Starts loading react-toastify (once) and resolves with it. */
export function loadToasts(): Promise<Toastify> {
  loading ??= import("react-toastify").then(
    (lib) => {
      library = lib;
      for (const call of waiting.splice(0)) call(lib);
      return lib;
    },
    (err: unknown) => {
      // Not arrived (a dropped connection, a deploy that replaced the chunk): the next call tries again.
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** Runs `call` now if the library is here, else as soon as it is. */
function withLibrary(call: (lib: Toastify) => void): void {
  if (library) call(library);
  else {
    waiting.push(call);
    loadToasts().catch(() => {});
  }
}

let lastId = 0;
/** Ids of toasts asked for before the library arrived: active, as far as a caller can tell. */
const early = new Set<Id>();

function show(
  kind: "success" | "error" | "info" | undefined,
  content: ToastContent,
  options: ToastOptions = {},
): Id {
  const toastId = options.toastId ?? `toast-${++lastId}`;
  const open = (lib: Toastify) => (kind ? lib.toast[kind] : lib.toast)(content, { ...options, toastId });
  if (library) open(library);
  else {
    early.add(toastId);
    // Unless it was dismissed meanwhile.
    withLibrary((lib) => early.delete(toastId) && open(lib));
  }
  return toastId;
}

export const toast = Object.assign(
  (content: ToastContent, options?: ToastOptions) => show(undefined, content, options),
  {
    success: (content: ToastContent, options?: ToastOptions) => show("success", content, options),
    error: (content: ToastContent, options?: ToastOptions) => show("error", content, options),
    info: (content: ToastContent, options?: ToastOptions) => show("info", content, options),
    isActive: (id: Id): boolean => early.has(id) || (library?.toast.isActive(id) ?? false),
    dismiss: (id?: Id) => {
      if (id === undefined) early.clear();
      else if (early.delete(id)) return;
      withLibrary((lib) => lib.toast.dismiss(id));
    },
    pause: (options: { id: Id }) => withLibrary((lib) => lib.toast.pause(options)),
    play: (options: { id: Id }) => withLibrary((lib) => lib.toast.play(options)),
    /** Calls `listener` on every toast added, updated or removed; returns how to stop. */
    onChange: (listener: (item: ToastItem) => void): (() => void) => {
      let stop: (() => void) | undefined;
      let stopped = false;
      withLibrary((lib) => {
        if (!stopped) stop = lib.toast.onChange(listener);
      });
      return () => {
        stopped = true;
        stop?.();
      };
    },
  },
);
export type { Id, ToastContainerProps };
