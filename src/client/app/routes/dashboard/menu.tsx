import { MenuManager } from '@client/features/catalog/components/menu-manager.tsx';
import { RequireStaff } from '@client/features/accounts/components/guards.tsx';
import { useIsAdmin } from '@client/data/account-role.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard/menu (staff and administrators): the menu, its availability switches, and for admins its editing. */
export function MenuRoute() {
  useDocumentTitle(t('head.menuAdmin', 'Menu'));
  return (
    <RequireStaff>
      <MenuPage />
    </RequireStaff>
  );
}

function MenuPage() {
  const { isAdmin } = useIsAdmin();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('head.menuAdmin', 'Menu')}</h1>
        <p className="mt-1 text-sm text-base-content/80">
          {isAdmin
            ? t(
                'menuAdmin.leadAdmin',
                'Add, edit and remove dishes and categories; switch a dish off when it runs out.',
              )
            : t('menuAdmin.leadStaff', 'Switch a dish off when it runs out, and on again when it is back.')}
        </p>
      </header>
      <MenuManager canEdit={isAdmin} />
    </div>
  );
}
