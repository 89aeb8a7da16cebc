import { TEXT } from '@shared/texts.ts';
import type { UserSummary } from '@shared/users-contract.ts';
import { Link } from 'react-router';
import { useDeleteUser } from '../api/delete-user.ts';
import { confirmThenDelete } from '../confirm-delete.ts';
import { userListPath } from '../user-list-path.ts';
import { TableScroller, narrowOnly, wideOnly } from './list-states.tsx';
import { UserPhoto } from './user-photo.tsx';

/**
 * All Users (SPEC.md §2): photo, name and role, e-mail, links to the user's three lists and
 * Delete. The signed-in administrator's own row has no Delete (the server refuses it too).
 * On a phone the e-mail folds under the name and Delete under the lists.
 */
export function UsersTable({ users, ownEmail }: { users: UserSummary[]; ownEmail: string }) {
  const deleteUser = useDeleteUser();
  const deletingId = deleteUser.isPending ? deleteUser.variables._id : null;

  const onDelete = (user: UserSummary) =>
    confirmThenDelete({
      title: `Delete ${user.name}?`,
      text: `${user.email} will no longer be able to sign in, and their orders, favourites and reports will be removed. This cannot be undone.`,
      run: () => deleteUser.mutateAsync(user),
    });

  return (
    <TableScroller label={TEXT.allUsersTitle}>
      <table className="table table-sm sm:table-md">
        <caption className="sr-only">
          {TEXT.allUsersTitle}: {users.length} {users.length === 1 ? 'user' : 'users'}
        </caption>
        <thead className="text-base-content/80">
          <tr>
            <th scope="col">Photo</th>
            <th scope="col">Name and role</th>
            <th scope="col" className={wideOnly}>
              E-mail
            </th>
            <th scope="col">Lists</th>
            <th scope="col" className={wideOnly}>
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const isSelf = user.email.toLowerCase() === ownEmail.toLowerCase();
            const deleting = deletingId === user._id;
            const action = isSelf ? (
              <span className="text-sm text-base-content/80">You</span>
            ) : (
              <button type="button" className="btn btn-xs btn-error w-full sm:btn-sm sm:w-auto" disabled={deleting} onClick={() => void onDelete(user)}>
                {deleting ? 'Deleting…' : TEXT.deleteButton}
                <span className="sr-only"> {user.name}</span>
              </button>
            );
            return (
              <tr key={user._id} className="hover:bg-base-200/60">
                <td className="w-12 pr-0 sm:w-auto sm:pr-3">
                  <UserPhoto src={user.userImg} name={user.name} size={44} />
                </td>
                <td>
                  <p className="font-semibold">{user.name}</p>
                  <span className={`badge badge-sm mt-1 ${user.role === 'admin' ? 'badge-primary' : 'badge-ghost'}`}>{user.role}</span>
                  <p className={`mt-1 text-xs break-all ${narrowOnly}`}>{user.email}</p>
                </td>
                <td className={`break-all ${wideOnly}`}>{user.email}</td>
                <td>
                  <div className="flex flex-col gap-1.5 lg:flex-row">
                    <Link to={userListPath('AllOrders', user.email)} className="btn btn-xs btn-outline sm:btn-sm">
                      {TEXT.ordersButton}
                      <span className="sr-only"> of {user.name}</span>
                    </Link>
                    <Link to={userListPath('allFavorites', user.email)} className="btn btn-xs btn-outline sm:btn-sm">
                      {TEXT.favoritesButton}
                      <span className="sr-only"> of {user.name}</span>
                    </Link>
                    <Link to={userListPath('allReports', user.email)} className="btn btn-xs btn-outline sm:btn-sm">
                      {TEXT.reportsButton}
                      <span className="sr-only"> of {user.name}</span>
                    </Link>
                    <div className={narrowOnly}>{action}</div>
                  </div>
                </td>
                <td className={wideOnly}>{action}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroller>
  );
}
