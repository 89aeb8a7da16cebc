import { Link } from 'react-router';
import { SITE_NAME } from '@client/lib/site.ts';

/** The restaurant's mark and name, linking home. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/"
      className={`flex items-center gap-2 rounded-lg font-bold ${className}`}
      aria-label={`${SITE_NAME}, home`}
    >
      <svg width="36" height="36" viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="shrink-0">
        <circle cx="32" cy="32" r="30" fill="#c2410c" />
        <path
          d="M20 16v14a5 5 0 0 0 4 5v13h4V35a5 5 0 0 0 4-5V16h-3v12h-2V16h-3v12h-2V16zm22 0c-4 2-6 8-6 14v6h4v12h4V16z"
          fill="#fff7ed"
        />
      </svg>
      <span className="font-display text-xl leading-none tracking-tight whitespace-nowrap">
        Saffron<span className="text-primary"> Table</span>
      </span>
    </Link>
  );
}
