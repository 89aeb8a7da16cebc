import { TEXT } from '@shared/texts.ts';
import type { UserSummary } from '@shared/contract/users.ts';
import { Link } from 'react-router';
import { DataTable } from '@client/components/ui/data-table.tsx';
import { useDeleteUser } from '../api/delete-user.ts';
import { confirmAdminDelete } from '../confirm-delete.ts';
import { USER_LISTS, userListPath } from '../user-list-path.ts';
import { DeleteButton } from '@client/components/ui/delete-button.tsx';
import { narrowOnly, wideOnly } from './admin-table.tsx';
import { UserPhoto } from './user-photo.tsx';
import { ROLES, type Role } from '@shared/constants.ts';
import { useChangeRole } from '../api/change-role.ts';
import { roleInSentence, roleLabel } from '../role-names.ts';
import { confirmAction, showAlert, showDone } from '@client/lib/dialogs.ts';

import { errorMessage } from '@client/lib/error-message.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useNumbers } from '@client/data/restaurant.ts';

/**
 * The user's role, changed in place (docs/reference/operations.md "Roles"). The select shows the server's
 * value: a refused change (the last admin) leaves it as it was and says why.
 */
function RoleSelect({ user, isSelf }: { user: UserSummary; isSelf: boolean }) {
  const change = useChangeRole();
  const busy = change.isPending && change.variables.user._id === user._id;
  async function onChange(role: Role) {
    // Asked first: a role opens or closes the staff screens (issue 48, point 9). The select keeps the server's value until then.
    const text =
      isSelf && role !== 'admin'
        ? t('accounts.removeOwnAdmin', 'You remove your own administrator rights and lose access to this page.')
        : t('accounts.becomes', '{{email}} becomes {{role}}.', { email: user.email, role: roleInSentence(role) });
    if (
      !(await confirmAction(
        t('accounts.makeRole', 'Make {{name}} {{role}}?', { name: user.name, role: roleInSentence(role) }),
        text,
        t('accounts.yesChangeRole', 'Yes, change the role'),
        t('accounts.keepRole', 'Keep the role'),
      ))
    )
      return;
    try {
      const answer = await change.mutateAsync({ user, role });
      void showDone(answer.message);
    } catch (error) {
      void showAlert(errorMessage(error, t('accounts.theRoleChange', 'the role change')), 'error');
    }
  }
  return (
    <label className="mt-1 flex items-center gap-2">
      <span className="sr-only">{t('accounts.roleOf', 'Role of {{name}}', { name: user.name })}</span>
      <select
        className="select select-xs w-auto sm:select-sm"
        value={user.role}
        disabled={busy}
        aria-busy={busy}
        onChange={(event) => void onChange(event.target.value as Role)}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </select>
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
    </label>
  );
}

/**
 * All Users (docs/reference/storefront.md §2): photo, name and role, e-mail, links to the user's three lists and
 * Delete. The signed-in administrator's own row has no Delete (the server refuses it too).
 * On a phone the e-mail folds under the name and Delete under the lists.
 */
export function UsersTable({ users, ownEmail }: { users: UserSummary[]; ownEmail: string }) {
  const deleteUser = useDeleteUser();
  const { number } = useNumbers();
  const deletingId = deleteUser.isPending ? deleteUser.variables._id : null;

  const onDelete = (user: UserSummary) =>
    confirmAdminDelete({
      title: t('accounts.deleteUserQuestion', 'Delete {{name}}?', { name: user.name }),
      text: t(
        'accounts.deleteUserText',
        '{{email}} will no longer be able to sign in, and their orders, favourites and reports will be removed. This cannot be undone.',
        { email: user.email },
      ),
      run: () => deleteUser.mutateAsync(user),
    });

  return (
    <DataTable
      caption={`${TEXT.allUsersTitle}: ${users.length === 1 ? t('accounts.oneUser', '{{n}} user', { n: number(1) }) : t('accounts.manyUsers', '{{n}} users', { n: number(users.length) })}`}
      label={TEXT.allUsersTitle}
      headClassName="text-base-content/80"
      head={
        <>
          <th scope="col">{t('accounts.photo', 'Photo')}</th>
          <th scope="col">{t('accounts.nameAndRole', 'Name and role')}</th>
          <th scope="col" className={wideOnly}>
            {t('accounts.email', 'E-mail')}
          </th>
          <th scope="col">{t('accounts.lists', 'Lists')}</th>
          <th scope="col" className={wideOnly}>
            {TEXT.columnAction}
          </th>
        </>
      }
    >
      {users.map((user) => {
        const isSelf = user.email.toLowerCase() === ownEmail.toLowerCase();
        const action = isSelf ? (
          <span className="text-sm text-base-content/80">{t('dashboard.you', 'You')}</span>
        ) : (
          <DeleteButton
            busy={deletingId === user._id}
            srLabel={user.name}
            onClick={() => void onDelete(user)}
            className="w-full sm:w-auto"
          />
        );
        return (
          <tr key={user._id} className="hover:bg-base-200/60">
            <td className="w-12 pr-0 sm:w-auto sm:pr-3">
              <UserPhoto src={user.userImg} name={user.name} size={44} />
            </td>
            <td>
              <p className="font-semibold">{user.name}</p>
              <RoleSelect user={user} isSelf={isSelf} />
              <p className={`mt-1 text-xs break-all ${narrowOnly}`}>{user.email}</p>
            </td>
            <td className={`break-all ${wideOnly}`}>{user.email}</td>
            <td>
              <div className="flex flex-col gap-1.5 lg:flex-row">
                {USER_LISTS.map(({ route, label }) => (
                  <Link key={route} to={userListPath(route, user.email)} className="btn btn-xs btn-outline sm:btn-sm">
                    {label}
                    <span className="sr-only"> {t('accounts.ofName', 'of {{name}}', { name: user.name })}</span>
                  </Link>
                ))}
                <div className={narrowOnly}>{action}</div>
              </div>
            </td>
            <td className={wideOnly}>{action}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
