/** The user's photo, or a default avatar with their initial when they have none. */
export function UserAvatar({
  photoURL,
  name,
  size = 40,
}: {
  photoURL: string | null | undefined;
  name: string;
  size?: number;
}) {
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  return (
    <span className="avatar" style={{ width: size, height: size }}>
      {photoURL ? (
        <img src={photoURL} alt={`${name}'s photo`} width={size} height={size} className="rounded-full object-cover" />
      ) : (
        <span
          role="img"
          aria-label={`${name}'s photo`}
          className="flex h-full w-full items-center justify-center rounded-full bg-primary font-bold text-primary-content"
          style={{ fontSize: size * 0.45 }}
        >
          {initial}
        </span>
      )}
    </span>
  );
}
