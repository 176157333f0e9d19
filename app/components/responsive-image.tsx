import { responsiveSources } from "~/domain/image-urls";

export type ResponsiveImageProps = {
  /** Any stored image URL: an upload (/images/…), a demo photo (/images/demo/…) or an external http(s) URL. */
  src: string;
  alt: string;
  /**
   * The box the page lays the image out in (its aspect ratio is what prevents layout shift).
   * Optional for uploads, whose URL carries the original's size.
   */
  width?: number;
  height?: number;
  /** How wide the image is shown, for the browser's pick from srcset, e.g. "(min-width: 768px) 33vw, 100vw". */
  sizes?: string;
  /** The page's main image: fetched first and eagerly instead of lazily. */
  priority?: boolean;
  className?: string;
  onError?: () => void;
};

/**
 * An <img> that lets the browser download a right-sized WebP for our own images and
 * behaves like a plain <img> for external ones.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes = "100vw",
  priority = false,
  className,
  onError,
}: ResponsiveImageProps) {
  const sources = responsiveSources(src);
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      alt={alt}
      width={width ?? sources.width}
      height={height ?? sources.height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? undefined : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
      onError={onError}
    />
  );
}
