import receiptline from 'receiptline';
import { PRINTER_TEXTS } from '../../../shared/contract/printers.ts';

/**
 * A job's markup into the bytes its printer asked for (CloudPRNT's `type`): StarPRNT, Star Line
 * Mode or ESC/POS by receiptline, or plain text. The first is what Star's CloudPRNT printers
 * (mC-Print, TSP650II, TSP100IV) print natively; the order of MEDIA_TYPES is our preference.
 */
export const MEDIA_TYPES = {
  'application/vnd.star.starprnt': 'starsbcs',
  'application/vnd.star.line': 'starlinesbcs',
  'application/vnd.escpos': 'escpos',
  'text/plain': 'text',
} as const;
export type MediaType = keyof typeof MEDIA_TYPES;

export const isMediaType = (type: string): type is MediaType => Object.hasOwn(MEDIA_TYPES, type);

/** Characters per line of receiptline's 12-dot font: 48 on 80 mm, 32 on 58 mm. */
const charactersPerLine = (paperMm: number) => (paperMm === 58 ? 32 : 48);

/** The job's markup, "REPRINT" above it when it may have printed before. */
export function markupOf(document: string, reprint: boolean): string {
  return reprint ? `^^^${PRINTER_TEXTS.reprint}\n-\n${document}` : document;
}

/** The jobs (oldest first), each "REPRINT" when it may have printed before, one after another, each cut apart. */
export function render(jobs: { document: string; reprint: number }[], type: MediaType, paperMm: number): Buffer {
  const out = receiptline.transform(jobs.map((job) => markupOf(job.document, job.reprint === 1)).join('\n'), { cpl: charactersPerLine(paperMm), encoding: 'multilingual', command: MEDIA_TYPES[type], cutting: true, gradient: false, spacing: true });
  return Buffer.from(out, 'binary');
}
