/** A dish's picture in a per-user list. */
export function RecordPhoto({ src, name }: { src: string; name: string }) {
  return (
    <img
      src={src}
      alt={name}
      width={56}
      height={56}
      loading="lazy"
      decoding="async"
      className="h-12 w-12 shrink-0 rounded-lg bg-base-200 object-cover sm:h-14 sm:w-14"
    />
  );
}
