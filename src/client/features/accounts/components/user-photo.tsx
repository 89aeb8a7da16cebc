/** A user's photo in the All Users table, or a default avatar with their initial when they have none. */
export function UserPhoto({ src, name, size = 48 }: { src: string | null; name: string; size?: number }) {
  if (src) {
    return (
      <img
        src={src}
        alt={`Photo of ${name}`}
        width={size}
        height={size}
        loading="lazy"
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`${name} has no photo`}
      className="flex shrink-0 items-center justify-center rounded-full bg-neutral font-bold text-neutral-content"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
