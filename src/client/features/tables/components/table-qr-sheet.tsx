import { PATHS } from '@shared/paths.ts';
import { encode } from 'uqr';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { t } from '@shared/i18n/i18n.ts';
import { useDiningTables } from '../api/tables.ts';

/**
 * A printable sheet of QR codes, one per active table (docs/reference/operations.md "Tickets": dine-in "from
 * the QR code on the table"). Each opens `/order?table=ID` at this site, which takes the guest
 * to the checkout at that table. Drawn as SVG (one path per code), so it prints sharp.
 */
export function TableQrSheet() {
  const tables = useDiningTables();
  const active = tables.data?.filter((one) => one.active);
  return (
    <ListStates
      pending={tables.isPending}
      failed={tables.isError}
      error={tables.error}
      what={t('floor.theTables', 'the tables')}
      onRetry={() => void tables.refetch()}
      retrying={tables.isFetching}
      items={active}
      emptyText={t('floor.noActiveTables', 'No active tables: add one on the Tables page first.')}
    >
      {(list) => (
        <ul className="grid grid-cols-2 gap-6 sm:grid-cols-3 print:grid-cols-3 print:gap-4">
          {list.map((table) => {
            const url = `${window.location.origin}${PATHS.orderAtTable}?table=${encodeURIComponent(table._id)}`;
            return (
              <li
                key={table._id}
                className="flex break-inside-avoid flex-col items-center gap-2 rounded-box border border-base-300 bg-white p-4 text-black"
                data-table-url={url}
              >
                <QrCode text={url} label={t('floor.qrFor', 'QR code for table {{name}}', { name: table.name })} />
                <p className="text-lg font-bold">{t('kitchen.tableName', 'Table {{name}}', { name: table.name })}</p>
                <p className="text-center text-xs">{t('floor.scanToOrder', 'Scan to order at this table')}</p>
              </li>
            );
          })}
        </ul>
      )}
    </ListStates>
  );
}

/** A QR code as one SVG path (medium error correction, a quiet zone of 4 modules). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="h-auto w-full max-w-48"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
