import type { UserRecord } from '@shared/users-contract.ts';
import { TEXT } from '@shared/texts.ts';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { useIsAdmin } from '@client/lib/admin-check.ts';
import { ApiError } from '@client/lib/api-client.ts';
import { useUserRecord } from '@client/lib/user-record.ts';
import type { RecordList } from '../api/delete-user-record.ts';
import { type UserListRoute, userListPath } from '../user-list-path.ts';
import { ListEmpty, ListLoading, ListNotice } from './list-states.tsx';

const LISTS: readonly { list: RecordList; route: UserListRoute; label: string; noun: string }[] = [
  { list: 'orders', route: 'AllOrders', label: TEXT.ordersButton, noun: 'orders' },
  { list: 'favorites', route: 'allFavorites', label: TEXT.favoritesButton, noun: 'favourites' },
  { list: 'reports', route: 'allReports', label: TEXT.reportsButton, noun: 'reports' },
];

export interface UserRecordViewProps {
  /** The route's id: the user's e-mail. */
  email: string;
  list: RecordList;
  /** The table, given the loaded record and whether the viewer is an administrator. */
  children: (record: UserRecord, viewer: { isAdmin: boolean }) => ReactNode;
}

/**
 * The layout the three per-user lists share (SPEC.md §2 "Per-user lists"): one heading, a
 * way between the user's lists for administrators, then loading, not allowed (403), no such
 * user (404), a failed read with Retry, the empty message, or the table.
 */
export function UserRecordView({ email, list, children }: UserRecordViewProps) {
  const record = useUserRecord(email);
  const admin = useIsAdmin();
  const current = LISTS.find((entry) => entry.list === list) ?? LISTS[0]!;
  const back = admin.isAdmin ? { to: '/dashboard/allUsers', label: 'Back to All Users' } : { to: '/dashboard', label: 'Back to the dashboard' };
  const rows = record.data?.[list] ?? [];

  let body: ReactNode;
  if (record.isPending || admin.isPending) {
    body = <ListLoading />;
  } else if (record.error instanceof ApiError && record.error.status === 403) {
    body = (
      <ListNotice title={`You are not allowed to see this user's ${current.noun}`} back={back}>
        Only the owner of this account and the restaurant's administrators can see these {current.noun}.
      </ListNotice>
    );
  } else if (record.error instanceof ApiError && record.error.status === 404) {
    body = (
      <ListNotice title="No such user" tone="info" back={back}>
        There is no account with the e-mail {email}.
      </ListNotice>
    );
  } else if (record.isError) {
    body = <QueryError what={`this user's ${current.noun}`} onRetry={() => void record.refetch()} retrying={record.isFetching} />;
  } else if (rows.length === 0) {
    body = <ListEmpty />;
  } else {
    body = children(record.data, { isAdmin: admin.isAdmin });
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">
          {current.label} of <span className="block text-lg break-all sm:inline sm:text-3xl">{email}</span>
        </h1>
        {record.data && (
          <p className="text-sm text-base-content/80">
            {record.data.name} · {record.data.role} · {rows.length} {rows.length === 1 ? current.noun.replace(/s$/, '') : current.noun}
          </p>
        )}
        {admin.isAdmin && (
          <nav aria-label={`Lists of ${email}`} className="flex flex-wrap gap-2">
            <NavLink to="/dashboard/allUsers" end className="btn btn-ghost btn-sm">
              ← All Users
            </NavLink>
            {LISTS.map((entry) => (
              <NavLink
                key={entry.list}
                to={userListPath(entry.route, email)}
                className={({ isActive }) => `btn btn-sm ${isActive ? 'btn-primary' : 'btn-outline'}`}
              >
                {entry.label}
              </NavLink>
            ))}
          </nav>
        )}
      </header>
      {body}
    </div>
  );
}
