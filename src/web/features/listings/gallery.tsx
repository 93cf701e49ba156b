import { ChevronLeft, ChevronRight, Expand, X } from "lucide-react";
import { type KeyboardEvent, type MouseEvent, type PointerEvent, useId, useRef, useState } from "react";
import { GALLERY_PHOTO_SIZES } from "#shared/image-sizes.ts";
import type { Image } from "#shared/schemas/images.ts";
import { Img } from "#web/components/img.tsx";
import { useModalDialog } from "#web/components/modal.tsx";
import { useTexts } from "#web/lib/i18n.tsx";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";

type GalleryTexts = typeof LISTING_PAGES_TEXT.listingPages.gallery;

type GalleryProps = {
  /** In order; the first is the cover, shown first. */
  photos: Image[];
  /** The bike's model: every photo's alt text starts with it. */
  model: string;
};

/** How far (px) a finger must travel sideways before a swipe changes the photo rather than being a tap. */
const SWIPE_MIN = 40;

/** "Yamaha FZS V3, photo 2 of 5"; a lone photo is simply the model. */
export const photoAlt = (T: GalleryTexts, model: string, index: number, count: number) =>
  count > 1 ? T.photoAlt(model, index + 1, count) : model;

/**
 * Left/right swipes on touch screens, through pointer events (one code path for touch and pen).
 * The photo's CSS `touch-action: pan-y` leaves vertical scrolling to the browser and hands
 * horizontal moves to us.
 */
function useSwipe(onPrevious: () => void, onNext: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  return {
    onPointerDown: (e: PointerEvent) => {
      swiped.current = false;
      start.current = e.pointerType === "mouse" ? null : { x: e.clientX, y: e.clientY };
    },
    onPointerUp: (e: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = e.clientX - from.x;
      if (Math.abs(dx) < SWIPE_MIN || Math.abs(dx) < Math.abs(e.clientY - from.y)) return;
      swiped.current = true;
      if (dx < 0) onNext();
      else onPrevious();
    },
    onPointerCancel: () => {
      start.current = null;
    },
    /** Whether the click that may follow a pointer's release ends a swipe (then it opens nothing). */
    onClickCapture: (e: MouseEvent) => {
      if (!swiped.current) return;
      swiped.current = false;
      e.stopPropagation();
    },
  };
}

function StepButton({
  direction,
  onClick,
  large = false,
}: {
  direction: "previous" | "next";
  onClick: () => void;
  large?: boolean;
}) {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages.gallery;
  const Icon = direction === "previous" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      className={`btn btn-circle absolute top-1/2 -translate-y-1/2 border-base-300 bg-base-100/90 shadow ${
        direction === "previous" ? "left-2" : "right-2"
      } ${large ? "" : "btn-sm sm:btn-md"}`}
      aria-label={direction === "previous" ? T.previous : T.next}
      onClick={onClick}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}

/**
 * The details page's photos: a large one, thumbnails to pick another, Previous/Next buttons, the
 * arrow keys while the gallery has focus, swipes on touch screens, and a full-screen view (a modal
 * <dialog>, closed by Escape). The photo's box has a fixed 4:3 shape, so nothing below it moves
 * while photos load or change.
 */
export function Gallery({ photos, model }: GalleryProps) {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages.gallery;
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const count = photos.length;
  // The photos may change under the gallery (a refetch after an edit): never point past the end.
  const shown = Math.min(index, count - 1);
  const current = photos[shown];
  const several = count > 1;
  const previous = () => setIndex((shown - 1 + count) % count);
  const next = () => setIndex((shown + 1) % count);
  const swipe = useSwipe(previous, next);
  const counterId = useId();

  const onKeyDown = (e: KeyboardEvent) => {
    if (!several) return;
    if (e.key === "ArrowLeft") previous();
    else if (e.key === "ArrowRight") next();
    else return;
    e.preventDefault();
  };

  if (!current) return null;
  return (
    // The arrow keys move through the photos while focus is anywhere inside (a thumbnail, a button).
    <section
      aria-label={T.photosOf(model)}
      aria-describedby={several ? counterId : undefined}
      onKeyDown={onKeyDown}
      className="flex min-w-0 flex-col gap-3 rounded-box"
    >
      <div className="relative aspect-[4/3] touch-pan-y overflow-hidden rounded-box bg-base-200" {...swipe}>
        {/* A click on the photo opens it full screen; keyboard users have the button in its corner. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut; View full screen is the keyboard's way. */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the View full screen button is the keyboard's way. */}
        <div className="absolute inset-0 cursor-zoom-in" onClick={() => setFullScreen(true)}>
          <Img
            // A new element per photo: the old one does not linger while the next one loads.
            key={current.src}
            image={current}
            alt={photoAlt(T, model, shown, count)}
            sizes={GALLERY_PHOTO_SIZES}
            loading="eager"
            fetchPriority={shown === 0 ? "high" : "auto"}
            className="size-full object-contain"
          />
        </div>
        {several ? (
          <>
            <StepButton direction="previous" onClick={previous} />
            <StepButton direction="next" onClick={next} />
            <p
              id={counterId}
              className="badge badge-neutral pointer-events-none absolute bottom-2 left-2 opacity-90"
            >
              {T.counter(shown + 1, count)}
            </p>
          </>
        ) : null}
        <button
          type="button"
          className="btn btn-circle btn-sm absolute top-2 right-2 border-base-300 bg-base-100/90"
          aria-label={T.fullScreen}
          onClick={() => setFullScreen(true)}
        >
          <Expand className="size-4" aria-hidden="true" />
        </button>
      </div>
      {several ? (
        // The padding keeps the shown thumbnail's ring (and the focus ring) inside the scrolling box, which clips.
        <ul className="-mx-1 flex gap-2 overflow-x-auto p-1" aria-label={T.thumbnails}>
          {photos.map((photo, i) => (
            <li key={photo.src} className="shrink-0">
              <button
                type="button"
                aria-label={T.showPhoto(i + 1, count)}
                aria-current={i === shown ? "true" : undefined}
                onClick={() => setIndex(i)}
                className={`block h-14 w-[4.65rem] overflow-hidden rounded-field bg-base-200 ring-offset-2 ring-offset-base-100 sm:h-16 sm:w-[5.35rem] ${
                  i === shown ? "ring-2 ring-primary" : "opacity-75 hover:opacity-100"
                }`}
              >
                <Img image={photo} alt="" sizes="96px" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FullScreenView
        open={fullScreen}
        onClose={() => setFullScreen(false)}
        photo={current}
        alt={photoAlt(T, model, shown, count)}
        caption={several ? T.caption(model, shown + 1, count) : model}
        onPrevious={several ? previous : undefined}
        onNext={several ? next : undefined}
      />
    </section>
  );
}

type FullScreenViewProps = {
  open: boolean;
  onClose: () => void;
  photo: Image;
  alt: string;
  caption: string;
  onPrevious: (() => void) | undefined;
  onNext: (() => void) | undefined;
};

/**
 * The photo as large as the screen allows, in a modal <dialog> (the page behind is inert; Escape
 * closes it and focus returns to the photo that opened it).
 */
function FullScreenView({ open, onClose, photo, alt, caption, onPrevious, onNext }: FullScreenViewProps) {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages.gallery;
  const { ref, close, onCancel } = useModalDialog(open, onClose);
  const swipe = useSwipe(onPrevious ?? (() => {}), onNext ?? (() => {}));

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    // The dialog sits inside the gallery's region in React's tree: its keys stop here.
    e.stopPropagation();
    if (e.key === "Escape") {
      e.preventDefault();
      close();
    } else if (e.key === "ArrowLeft" && onPrevious) {
      e.preventDefault();
      onPrevious();
    } else if (e.key === "ArrowRight" && onNext) {
      e.preventDefault();
      onNext();
    }
  };

  return (
    <dialog
      ref={ref}
      aria-label={caption}
      className="modal bg-black/95"
      onKeyDown={onKeyDown}
      onCancel={onCancel}
    >
      {open ? (
        // The dialog's own size, not 100vw: beside a page's classic scrollbar 100vw is wider and the right-hand buttons were cut.
        <div className="relative flex h-dvh w-full items-center justify-center p-2 sm:p-6">
          <div className="relative flex size-full touch-pan-y items-center justify-center" {...swipe}>
            <Img
              key={photo.src}
              image={photo}
              alt={alt}
              sizes="100vw"
              loading="eager"
              className="size-full object-contain"
            />
          </div>
          {onPrevious ? <StepButton direction="previous" onClick={onPrevious} large /> : null}
          {onNext ? <StepButton direction="next" onClick={onNext} large /> : null}
          <p className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-box bg-black/60 px-3 py-1 text-sm text-white">
            {caption}
          </p>
          <button
            type="button"
            className="btn btn-circle absolute top-3 right-3 border-base-300 bg-base-100/90"
            aria-label={T.closeFullScreen}
            onClick={close}
            data-autofocus
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
