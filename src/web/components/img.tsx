import { PAGE_PHOTO_TIMING } from "#shared/page-photo-timing.ts";
import type { Image } from "#shared/schemas/images.ts";

type ImgProps = {
  image: Image;
  alt: string;
  /** How wide the image is drawn, so the browser picks the right width from srcSet. */
  sizes: string;
  /** "eager" only for what is visible on first paint (e.g. the first carousel slide). */
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
  className?: string;
  title?: string;
};

/**
 * A processed image (3 WebP widths). Width and height reserve its box before it loads, so the page
 * does not jump; CSS may still scale it.
 */
export function Img({ image, alt, sizes, loading = "lazy", fetchPriority, className, title }: ImgProps) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
      // The page's largest paint: a rendered page's code waits until it is drawn (head-script.ts).
      {...(fetchPriority === "high" ? { elementtiming: PAGE_PHOTO_TIMING } : {})}
      className={className}
      title={title}
    />
  );
}
