import { type RefObject, useEffect, useState } from "react";

/**
 * Whether `ref`'s element is still below the screen: not reached yet by scrolling (false once it is
 * in view or scrolled past, and where IntersectionObserver is missing).
 */
export function useBelowViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [below, setBelow] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setBelow(!entry.isIntersecting && entry.boundingClientRect.top > 0);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return below;
}
