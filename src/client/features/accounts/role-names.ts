import type { Role } from '@shared/constants.ts';
import { t } from '@shared/i18n/i18n.ts';

/** A role in a sentence ("Make Jane an administrator?"), in the page's language. */
export const roleInSentence = (role: Role): string =>
  ({
    user: t('accounts.role.aGuest', 'a guest'),
    staff: t('accounts.role.staff', 'staff'),
    admin: t('accounts.role.anAdmin', 'an administrator'),
  })[role];

/** A role as the role select and a user's lists name it ("user", "staff", "admin"), in the page's language. */
export const roleLabel = (role: Role): string =>
  ({
    user: t('accounts.roleLabel.user', 'user'),
    staff: t('accounts.roleLabel.staff', 'staff'),
    admin: t('accounts.roleLabel.admin', 'admin'),
  })[role];
