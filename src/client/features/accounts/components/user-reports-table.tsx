import { TEXT } from '@shared/texts.ts';
import type { ReportListed } from '@shared/contract/reports.ts';
import { DataTable } from '@client/components/ui/data-table.tsx';
import { useDeleteUserRecord } from '../api/delete-user-record.ts';
import { confirmAdminDelete } from '../confirm-delete.ts';
import { DeleteButton } from '@client/components/ui/delete-button.tsx';
import { DishColumns, DishHeaders, narrowOnly, wideOnly } from './admin-table.tsx';
import { t } from '@shared/i18n/i18n.ts';

/**
 * A user's reports (docs/reference/storefront.md §2 "Per-user lists"): photo, name, category, reporter e-mail,
 * report text and Delete. On a phone, category folds under the name and the e-mail above the text.
 */
export function UserReportsTable({ email, rows }: { email: string; rows: ReportListed[] }) {
  const deleteRecord = useDeleteUserRecord();
  const deletingId = deleteRecord.isPending ? deleteRecord.variables.orderMainId : null;

  const onDelete = (row: ReportListed) =>
    confirmAdminDelete({
      title: t('accounts.deleteReportQuestion', 'Delete this report?'),
      text: t('accounts.deleteReportText', 'The report on {{dish}} by {{email}} will be removed.', {
        dish: row.orderName,
        email: row.userGmail,
      }),
      run: () => deleteRecord.mutateAsync({ list: 'reports', email, orderMainId: row.orderMainId }),
    });

  return (
    <DataTable
      caption={t('head.reportsOf', 'Reports of {{email}}', { email })}
      headClassName="text-base-content/80"
      head={
        <>
          <DishHeaders />
          <th scope="col" className={wideOnly}>
            {t('accounts.email', 'E-mail')}
          </th>
          <th scope="col">{TEXT.columnReportText}</th>
          <th scope="col" className={wideOnly}>
            {TEXT.columnAction}
          </th>
        </>
      }
    >
      {rows.map((row) => {
        const action = (
          <DeleteButton
            busy={deletingId === row.orderMainId}
            srLabel={t('accounts.theReportOn', 'the report on {{dish}}', { dish: row.orderName })}
            onClick={() => void onDelete(row)}
          />
        );
        return (
          <tr key={row.orderMainId} className="align-top hover:bg-base-200/60">
            <DishColumns row={row} nameClassName="min-w-24 sm:min-w-32" folded={row.orderCategory} />
            <td className={`break-all ${wideOnly}`}>{row.userGmail}</td>
            <td className="min-w-36 max-w-md sm:min-w-48">
              <p className={`mb-1 text-xs break-all text-base-content/80 ${narrowOnly}`}>{row.userGmail}</p>
              <p className="whitespace-pre-line break-words">{row.reportText}</p>
              <div className={`mt-2 ${narrowOnly}`}>{action}</div>
            </td>
            <td className={wideOnly}>{action}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
