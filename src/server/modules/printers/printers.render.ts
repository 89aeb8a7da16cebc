import receiptline from 'receiptline';
import { line } from './printers.documents.ts';
import type { Writer } from '../../../shared/i18n/format.ts';

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

/** The job's markup, "REPRINT" above it when it may have printed before (in the restaurant's language, as a picture when Bangla). */
export async function markupOf(document: string, reprint: boolean, w: Writer, paperMm: number): Promise<string> {
  return reprint ? `${await line(w.t('print.reprint', 'REPRINT'), paperMm, '^^^')}\n-\n${document}` : document;
}

/**
 * A plain-text copy prints what each picture line stands for (its comment) as text, in the
 * normal size: receiptline spaces out large letters, which would part Bangla's vowel signs.
 */
const picturesAsText = (markup: string) =>
  markup.replace(/^\{i:[A-Za-z0-9+/=]*;_:([A-Za-z0-9+/=]*)\}$/gm, (_, text: string) =>
    Buffer.from(text, 'base64')
      .toString('utf8')
      .replace(/^\^+/, '')
      .replace(/ \| \^+/, ' | '),
  );

/**
 * The jobs (oldest first), each "REPRINT" when it may have printed before, one after another,
 * each cut apart. Printers' bytes are Latin-1 (receiptline's); plain text is UTF-8, Bangla as text.
 */
export async function render(
  jobs: { document: string; reprint: number }[],
  type: MediaType,
  paperMm: number,
  w: Writer,
): Promise<Buffer> {
  const markup = (await Promise.all(jobs.map((job) => markupOf(job.document, job.reprint === 1, w, paperMm)))).join(
    '\n',
  );
  const plain = type === 'text/plain';
  const out = receiptline.transform(plain ? picturesAsText(markup) : markup, {
    cpl: charactersPerLine(paperMm),
    encoding: 'multilingual',
    command: MEDIA_TYPES[type],
    cutting: true,
    gradient: false,
    spacing: true,
  });
  return Buffer.from(out, plain ? 'utf8' : 'binary');
}
