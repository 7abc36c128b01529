/** Every illustration of the package is drawn on this canvas, so its space is reserved before it loads. */
const ILLUSTRATION_SIZE = { width: 480, height: 360 } as const;

interface IllustrationProps {
  src: string;
  alt: string;
  className?: string;
  /** The first image a visitor sees loads first; every other one waits until it is near. */
  priority?: boolean;
}

/** One of the package's illustrations, with its size reserved so nothing shifts as it loads. */
export function Illustration({ src, alt, className, priority = false }: IllustrationProps) {
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={ILLUSTRATION_SIZE.width}
      height={ILLUSTRATION_SIZE.height}
      decoding="async"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
