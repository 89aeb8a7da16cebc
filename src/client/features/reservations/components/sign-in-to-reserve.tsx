import { t } from '@shared/i18n/i18n.ts';
import { Link, useLocation } from 'react-router';
import { PATHS } from '@shared/paths.ts';

/** Reserving needs an account: this page (with the chosen date, party and time in its address) is where sign-in brings the guest back. */
export function SignInToReserve() {
  const location = useLocation();
  return (
    <Link to={PATHS.signIn} state={{ from: location }} className="btn btn-primary btn-lg">
      {t('booking.signInToReserve', 'Sign in to reserve')}
    </Link>
  );
}
