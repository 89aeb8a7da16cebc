import type { UserRecord } from '@shared/contract/users.ts';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { useIsAdmin } from '@client/data/account-role.ts';
import { ApiError } from '@client/lib/api-client.ts';
import { useUserRecord } from '@client/data/account-record.ts';
import type { RecordList } from '../api/delete-user-record.ts';
import { USER_LISTS, userListPath } from '../user-list-path.ts';
import { PATHS } from '@shared/paths.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { roleLabel } from '../role-names.ts';

export interface UserRecordViewProps {
  /** The route's id: the user's e-mail. */
  email: string;
  list: RecordList;
  /** The table, given the loaded record and whether the viewer is an administrator. */
  children: (record: UserRecord, viewer: { isAdmin: boolean }) => ReactNode;
}

/**
 * The layout the three per-user lists share (docs/reference/storefront.md §2 "Per-user lists"): one heading, a
 * way between the user's lists for administrators, then loading, not allowed (403), no such
 * user (404), a failed read with Retry, the empty message, or the table.
 */
export function UserRecordView({ email, list, children }: UserRecordViewProps) {
  const record = useUserRecord(email);
  const admin = useIsAdmin();
  const { number } = useNumbers();
  const current = USER_LISTS.find((entry) => entry.list === list) ?? USER_LISTS[0]!;
  const back = admin.isAdmin
    ? { to: PATHS.allUsers, label: t('accounts.backToAllUsers', 'Back to All Users') }
    : { to: PATHS.dashboard, label: t('accounts.backToDashboard', 'Back to the dashboard') };
  const rows: unknown[] = record.data?.[list] ?? [];
  const pending = record.isPending || admin.isPending;
  const refusal = !pending && record.error instanceof ApiError ? record.error.status : null;

  let body: ReactNode;
  if (refusal === 403) {
    body = (
      <ListNotice
        title={t('accounts.notAllowedTitle', "You are not allowed to see this user's {{noun}}", { noun: current.noun })}
        back={back}
      >
        {t(
          'accounts.notAllowedText',
          "Only the owner of this account and the restaurant's administrators can see these {{noun}}.",
          { noun: current.noun },
        )}
      </ListNotice>
    );
  } else if (refusal === 400) {
    body = (
      <ListNotice title={t('accounts.notAnEmail', 'Not an e-mail address')} tone="info" back={back}>
        {t('accounts.notAnEmailText', "These lists are found by the user's e-mail, and “{{email}}” is not one.", {
          email,
        })}
      </ListNotice>
    );
  } else if (refusal === 404) {
    body = (
      <ListNotice title={t('accounts.noSuchUser', 'No such user')} tone="info" back={back}>
        {t('accounts.noSuchUserText', 'There is no account with the e-mail {{email}}.', { email })}
      </ListNotice>
    );
  } else {
    body = (
      <ListStates
        pending={pending}
        error={record.error}
        failed={record.isError}
        what={t('accounts.thisUsersList', "this user's {{noun}}", { noun: current.noun })}
        onRetry={() => void record.refetch()}
        retrying={record.isFetching}
        items={rows}
      >
        {() => record.data && children(record.data, { isAdmin: admin.isAdmin })}
      </ListStates>
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">
          {t('accounts.listOf', '{{list}} of', { list: current.label })}{' '}
          <span className="block text-lg break-all sm:inline sm:text-3xl">{email}</span>
        </h1>
        {record.data && (
          <p className="text-sm text-base-content/80">
            {record.data.name} · {roleLabel(record.data.role)} ·{' '}
            {t('accounts.nItems', '{{n}} {{noun}}', {
              n: number(rows.length),
              noun: rows.length === 1 ? current.oneNoun : current.noun,
            })}
          </p>
        )}
        {admin.isAdmin && (
          <nav aria-label={t('accounts.listsOf', 'Lists of {{email}}', { email })} className="flex flex-wrap gap-2">
            <NavLink to={PATHS.allUsers} end className="btn btn-ghost btn-sm">
              ← {t('dashboard.nav.allUsers', 'All Users')}
            </NavLink>
            {USER_LISTS.map((entry) => (
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

/** A clear stop: not allowed, no such user. No data is shown with it. */
function ListNotice({
  title,
  children,
  tone = 'warning',
  back,
}: {
  title: string;
  children: ReactNode;
  tone?: 'warning' | 'info';
  back: { to: string; label: string };
}) {
  const colours = tone === 'warning' ? 'border-warning/40 bg-warning/10' : 'border-info/40 bg-info/10';
  return (
    <div
      role="alert"
      className={`mx-auto my-6 flex w-full max-w-2xl flex-col items-start gap-3 rounded-box border p-5 ${colours}`}
    >
      <h2 className="text-xl font-bold">{title}</h2>
      <p>{children}</p>
      <Link to={back.to} className="btn btn-sm btn-outline">
        {back.label}
      </Link>
    </div>
  );
}
