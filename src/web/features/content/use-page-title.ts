import { useEffect } from "react";

/** Sets the tab title as `{title} — MotoHaat`. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — MotoHaat`;
  }, [title]);
}
