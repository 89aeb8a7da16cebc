import { TEXT } from '@shared/texts.ts';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { useUsers } from '@client/features/accounts/api/get-users.ts';
import { UsersTable } from '@client/features/accounts/components/users-table.tsx';
import { useAuth } from '@client/data/account-session.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useNumbers } from '@client/data/restaurant.ts';

/** /dashboard/allUsers (behind the admin guard): every account, with its lists and Delete. */
export function AllUsersRoute() {
  useDocumentTitle(TEXT.allUsersTitle);
  const { user } = useAuth();
  const users = useUsers();
  const { number } = useNumbers();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{TEXT.allUsersTitle}</h1>
        {users.data && (
          <p className="mt-1 text-sm text-base-content/80">
            {users.data.length === 1
              ? t('accounts.oneAccount', '{{n}} account', { n: number(1) })
              : t('accounts.manyAccounts', '{{n}} accounts', { n: number(users.data.length) })}
          </p>
        )}
      </header>
      <ListStates
        pending={users.isPending}
        error={users.error}
        failed={users.isError}
        what={t('accounts.theUsers', 'the users')}
        onRetry={() => void users.refetch()}
        retrying={users.isFetching}
        items={users.data}
      >
        {(list) => <UsersTable users={list} ownEmail={user?.email ?? ''} />}
      </ListStates>
    </div>
  );
}
