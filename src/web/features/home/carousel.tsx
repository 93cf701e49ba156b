import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTexts } from "#web/lib/i18n.tsx";
import { HOME_PAGE_TEXT } from "#web/texts/home.ts";
import { useReducedMotion } from "./use-reduced-motion.ts";

export type CarouselSlide = {
  id: string;
  headline: string;
  subline: string;
  /** Decorative artwork filling the slide; the headline and sub-line carry the meaning. */
  art: ReactNode;
};

type CarouselProps = {
  slides: readonly CarouselSlide[];
  label: string;
  intervalMs?: number;
};

/** How far (px) a pointer must travel sideways before a drag counts as a swipe. */
const SWIPE_THRESHOLD = 40;

/** Previous or next slide: at the foot of the slide on a phone, halfway up its side from `sm` on. */
function StepButton({ direction, onClick }: { direction: "previous" | "next"; onClick: () => void }) {
  const T = useTexts(HOME_PAGE_TEXT).homePage.carousel;
  const previous = direction === "previous";
  const Icon = previous ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      className={`btn btn-circle btn-sm absolute bottom-2 border-none bg-black/50 text-white hover:bg-black/70 sm:btn-md sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2 ${
        previous ? "left-2 sm:left-4" : "right-2 sm:right-4"
      }`}
      aria-label={previous ? T.previous : T.next}
      onClick={onClick}
    >
      <Icon className="size-5" />
    </button>
  );
}

/**
 * A banner carousel after the WAI-ARIA APG pattern: previous/next and per-slide buttons, arrow keys,
 * swipe, and auto-advance that pauses on hover or focus, can be stopped with its own button, and
 * never starts when the user prefers reduced motion.
 */
export function Carousel({ slides, label, intervalMs = 5000 }: CarouselProps) {
  const T = useTexts(HOME_PAGE_TEXT).homePage.carousel;
  const count = slides.length;
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useReducedMotion();
  const swipeStart = useRef<{ x: number; y: number } | null>(null);

  const autoRotate = !reducedMotion && !stopped && count > 1;
  const rotating = autoRotate && !hovered && !focused;

  const goTo = (index: number) => setActive(((index % count) + count) % count);
  const next = () => goTo(active + 1);
  const previous = () => goTo(active - 1);

  // Restarts whenever `active` changes, so moving by hand earns the new slide its full interval.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setActive((active + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, active, count, intervalMs]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowLeft") {
      e.preventDefault();
      previous();
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      next();
    }
  };

  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    swipeStart.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) < SWIPE_THRESHOLD || Math.abs(dx) < Math.abs(dy)) return;
    if (dx < 0) next();
    else previous();
  };

  if (count === 0) return null;

  return (
    <section
      aria-roledescription={T.carousel}
      aria-label={label}
      className="relative overflow-hidden rounded-box bg-neutral text-white shadow-md"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div
        className="h-80 touch-pan-y select-none sm:h-96 lg:h-[30rem]"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div
          className="flex h-full transition-transform duration-700 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${active * 100}%)` }}
          aria-live={rotating ? "off" : "polite"}
        >
          {slides.map((slide, i) => {
            const isActive = i === active;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern makes each slide a group; <fieldset> is for form controls.
              <div
                key={slide.id}
                role="group"
                aria-roledescription={T.slide}
                aria-label={T.slideOf(i + 1, count)}
                aria-hidden={!isActive}
                inert={!isActive}
                className="relative h-full w-full shrink-0"
              >
                {slide.art}
                <div className="absolute inset-x-0 top-0 bg-linear-to-b from-black/75 via-black/40 to-transparent px-6 pt-6 pb-16 sm:px-16 sm:pt-10 lg:px-20">
                  <p className="max-w-2xl text-2xl font-bold leading-tight text-balance sm:text-4xl lg:text-5xl">
                    {slide.headline}
                  </p>
                  <p className="mt-2 max-w-xl text-sm text-white/90 sm:mt-3 sm:text-lg">{slide.subline}</p>
                </div>
              </div>
            );
          })}
        </div>
      </div>

      {count > 1 && (
        <>
          <StepButton direction="previous" onClick={previous} />
          <StepButton direction="next" onClick={next} />
          <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-1">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                aria-label={T.goTo(i + 1)}
                aria-current={i === active ? "true" : undefined}
                onClick={() => goTo(i)}
                className="grid size-6 cursor-pointer place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
              >
                <span
                  className={`block h-2.5 rounded-full transition-all motion-reduce:transition-none ${
                    i === active ? "w-6 bg-white" : "w-2.5 bg-white/55"
                  }`}
                />
              </button>
            ))}
          </div>
          {!reducedMotion && (
            <button
              type="button"
              className="btn btn-circle btn-xs absolute bottom-3 left-12 border-none bg-black/50 text-white hover:bg-black/70 sm:btn-sm sm:right-3 sm:left-auto"
              aria-label={stopped ? T.start : T.stop}
              onClick={() => setStopped((s) => !s)}
            >
              {stopped ? <Play className="size-3.5" /> : <Pause className="size-3.5" />}
            </button>
          )}
        </>
      )}
    </section>
  );
}
