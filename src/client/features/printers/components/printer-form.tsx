import { PAPER_WIDTHS, PRINTER_ROLES, type PrinterRole } from '@shared/contract/values.ts';
import type { PrinterView } from '@shared/contract/printers.ts';
import { type FormEvent, useId, useState } from 'react';
import { useCategories } from '@client/features/catalog/api/get-categories.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useNumbers } from '@client/data/restaurant.ts';

/** A printer's role, read at render (it follows the language). */
export const roleLabel = (role: PrinterRole): string =>
  ({
    kitchen: t('printers.kitchen', 'Kitchen'),
    bar: t('printers.bar', 'Bar'),
    receipt: t('printers.receipt', 'Receipt'),
  })[role];

export interface PrinterFields {
  name: string;
  role: PrinterRole;
  categories: string[];
  paperWidth: 58 | 80;
}

/** A printer's name, role, the categories it prints (kitchen and bar) and its paper: to add one, or change it. */
export function PrinterForm({
  printer,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  printer?: PrinterView;
  submitLabel: string;
  onSubmit: (fields: PrinterFields) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const { digits } = useNumbers();
  const categories = useCategories();
  const [name, setName] = useState(printer?.name ?? '');
  const [role, setRole] = useState<PrinterRole>(printer?.role ?? 'kitchen');
  const [chosen, setChosen] = useState<string[]>(printer?.categories ?? []);
  const [paper, setPaper] = useState<58 | 80>(printer?.paperWidth === 58 ? 58 : 80);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!name.trim()) return setFailure(t('printers.giveName', 'Give the printer a name.'));
    setBusy(true);
    try {
      await onSubmit({ name: name.trim(), role, categories: role === 'receipt' ? [] : chosen, paperWidth: paper });
      if (!printer) {
        setName('');
        setChosen([]);
      }
    } catch (error) {
      setFailure(errorMessage(error, t('printers.savingPrinter', 'saving the printer')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={
        printer
          ? t('printers.editName', 'Edit {{name}}', { name: printer.name })
          : t('printers.addPrinterTitle', 'Add a printer')
      }
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3"
    >
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">{t('printers.printerName', 'Printer name')}</span>
          <input
            className="input input-sm w-48"
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={failure !== null && !name.trim()}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">{t('printers.role', 'Role')}</span>
          <select className="select select-sm" value={role} onChange={(e) => setRole(e.target.value as PrinterRole)}>
            {PRINTER_ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">{t('printers.paper', 'Paper')}</span>
          <select
            className="select select-sm"
            value={paper}
            onChange={(e) => setPaper(Number(e.target.value) === 58 ? 58 : 80)}
          >
            {PAPER_WIDTHS.map((w) => (
              <option key={w} value={w}>
                {t('printers.mm', '{{n}} mm', { n: digits(w) })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {role !== 'receipt' ? (
        <fieldset className="flex flex-col gap-1" aria-describedby={`${id}-categories`}>
          <legend className="text-sm font-semibold">{t('printers.categoriesItPrints', 'Categories it prints')}</legend>
          <p id={`${id}-categories`} className="text-sm">
            {t(
              'printers.categoriesNote',
              'Every line of these categories prints here; a category no printer takes prints at the first kitchen printer.',
            )}
          </p>
          <div className="flex flex-wrap gap-3">
            {(categories.data ?? []).map((c) => (
              <label key={c._id} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={chosen.includes(c.category)}
                  onChange={(e) =>
                    setChosen((now) => (e.target.checked ? [...now, c.category] : now.filter((x) => x !== c.category)))
                  }
                />
                {c.category}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy} aria-busy={busy}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
            {t('printers.cancel', 'Cancel')}
          </button>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="text-error">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
