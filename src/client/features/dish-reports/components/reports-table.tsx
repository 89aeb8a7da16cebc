import { TEXT } from '@shared/texts.ts';
import type { ReportListed } from '@shared/contract/reports.ts';
import { useDeleteReport } from '../api/dish-reports.ts';
import { DishCell } from '@client/components/ui/dish-cell.tsx';
import { ListTable, OwnDeleteButton } from '@client/components/records/own-list.tsx';
import { t } from '@shared/i18n/i18n.ts';

/** The guest's reports (docs/reference/storefront.md §2 "Reports Orders"): Product Photo, Email, Report Text, Action. */
export function ReportsTable({ reports, email }: { reports: ReportListed[]; email: string }) {
  const remove = useDeleteReport();
  return (
    <ListTable
      caption={t('reports.yourReports', 'Your reports')}
      className="min-w-[36rem]"
      columns={[TEXT.columnProductPhoto, TEXT.columnEmail, TEXT.columnReportText, TEXT.columnAction]}
    >
      {reports.map((report) => {
        const deleting = remove.isPending && remove.variables?.orderMainId === report.orderMainId;
        return (
          <tr key={report.orderMainId}>
            <DishCell img={report.orderImg} name={report.orderName} category={report.orderCategory} />
            <td className="min-w-40 [overflow-wrap:anywhere]">{report.userGmail}</td>
            <td className="min-w-48 whitespace-pre-line">{report.reportText}</td>
            <td>
              <OwnDeleteButton
                what={t('reports.yourReportOn', 'your report on {{dish}}', { dish: report.orderName })}
                srLabel={t('accounts.theReportOn', 'the report on {{dish}}', { dish: report.orderName })}
                busy={deleting}
                onDelete={() => remove.mutateAsync({ email, orderMainId: report.orderMainId })}
              />
            </td>
          </tr>
        );
      })}
    </ListTable>
  );
}
