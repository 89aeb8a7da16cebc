import { useParams } from 'react-router';
import { UserRecordView } from '@client/features/accounts/components/user-record-view.tsx';
import { UserReportsTable } from '@client/features/accounts/components/user-reports-table.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard/allReports/{email} (behind the admin guard): the user's reports, with Delete. */
export function UserReportsRoute() {
  const email = useParams().id ?? '';
  useDocumentTitle(t('head.reportsOf', 'Reports of {{email}}', { email }));
  return (
    <UserRecordView email={email} list="reports">
      {(record) => <UserReportsTable email={email} rows={record.reports} />}
    </UserRecordView>
  );
}
