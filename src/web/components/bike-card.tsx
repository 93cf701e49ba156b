import { type ReactNode, useId } from "react";
import type { Image } from "#shared/schemas/images.ts";
import { Img } from "./img.tsx";

type BikeCardProps = {
  photo: Image;
  /** The bike's model: the photo's alt text and, unless `title` says otherwise, the card's title. */
  model: string;
  /** What the title shows when it is more than the model, such as a link to the bike. */
  title?: ReactNode;
  /** Beside the title: the brand, a status. */
  badge?: ReactNode;
  /** Laid over the photo's corner: Stock Out, reported. */
  overlay?: ReactNode;
  /** Over the photo's top-right corner, above the card's link: the saved-bikes heart (composed by the app). */
  corner?: ReactNode;
  /** 2 under a page heading, 3 under a section heading. */
  headingLevel?: 2 | 3;
  /** How wide the photo is drawn at each screen width, for the browser's pick from srcSet. */
  sizes?: string;
  /** "eager" for cards in the first screenful, whose photos should not wait for layout. */
  photoLoading?: "lazy" | "eager";
  /** "high" for the one photo that is the page's largest paint (the first card), so it is fetched first. */
  photoFetchPriority?: "high" | "auto";
  /** Extra classes for the card itself. */
  className?: string;
  /**
   * "compact": photo left (two fifths, still 4:3, at the top) and text right on phones, so a screen
   * shows several bikes; stacked like the others from 640 px. "stacked": photo above, text below, at every width.
   */
  layout?: "stacked" | "compact";
  /** Below the title: facts, people, actions. */
  children: ReactNode;
};

/**
 * The frame every bike card shares (buyer's grid, seller's listings, orders, reported items): photo
 * with room for a corner badge, then title and badge, then what the card is about. Named by its title.
 */
export function BikeCard({
  photo,
  model,
  title = model,
  badge,
  overlay,
  corner,
  headingLevel = 2,
  sizes = "(min-width: 1280px) 30vw, (min-width: 768px) 45vw, 100vw",
  photoLoading,
  photoFetchPriority,
  className = "",
  layout = "stacked",
  children,
}: BikeCardProps) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const compact = layout === "compact";
  return (
    <article
      aria-labelledby={titleId}
      className={`card h-full border border-base-300 bg-base-100 shadow-sm ${compact ? "flex-row overflow-hidden sm:flex-col" : ""} ${className}`}
    >
      <figure
        className={`relative bg-base-200 ${compact ? "m-3 me-0 aspect-[4/3] w-2/5 shrink-0 self-start overflow-hidden rounded-field sm:m-0 sm:w-full sm:rounded-none" : "aspect-[4/3]"}`}
      >
        <Img
          image={photo}
          alt={model}
          sizes={sizes}
          loading={photoLoading}
          fetchPriority={photoFetchPriority}
          className="absolute inset-0 size-full object-cover"
        />
        {overlay}
        {corner ? <div className="absolute top-1 right-1 z-10">{corner}</div> : null}
      </figure>
      <div className={`card-body min-w-0 ${compact ? "gap-1 p-3 sm:gap-2 sm:p-4" : "gap-4 p-5"}`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Heading
            id={titleId}
            className={`card-title min-w-0 break-words ${compact ? "line-clamp-2 text-base" : "text-lg"}`}
          >
            {title}
          </Heading>
          {badge}
        </div>
        {children}
      </div>
    </article>
  );
}
