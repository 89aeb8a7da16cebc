const SIZES = {
  /** The guest's own lists: 4:3, 48×36 on a phone and 64×48 above. */
  wide: { width: 64, height: 48, className: 'h-9 w-12 sm:h-12 sm:w-16' },
  /** The per-user lists: square, 48 on a phone and 56 above. */
  square: { width: 56, height: 56, className: 'h-12 w-12 sm:h-14 sm:w-14' },
} as const;

/** The picture of the dish an order, favourite or report is about, named by the dish, loaded as its row scrolls in. */
export function RecordPhoto({ src, name, size }: { src: string; name: string; size: keyof typeof SIZES }) {
  const { width, height, className } = SIZES[size];
  return (
    <img
      src={src}
      alt={name}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className={`shrink-0 rounded-lg bg-base-200 object-cover ${className}`}
    />
  );
}
