/**
 * A minimal iCalendar (RFC 5545) event for a reservation: the guest's calendar shows it,
 * moves it when the booking changes (same UID, higher SEQUENCE) and removes it on cancel.
 */
export interface CalendarEvent {
  uid: string;
  sequence: number;
  startsAt: string;
  endsAt: string;
  summary: string;
  location: string;
  description: string;
  organizer: string;
  cancelled: boolean;
  /** The language of the summary and description ('en', 'bn'): their LANGUAGE parameter (RFC 5545 §3.2.10). */
  language?: string;
}

const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** TEXT values escape backslash, semicolon, comma and newlines. */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (a CRLF and a space), as RFC 5545 §3.1 asks. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char, 'utf8') > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarEvent(event: CalendarEvent, now = new Date().toISOString()): string {
  const lang = event.language ? `;LANGUAGE=${event.language}` : '';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Restaurant storefront//Reservations//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.cancelled ? 'CANCEL' : 'REQUEST'}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(event.startsAt)}`,
    `DTEND:${stamp(event.endsAt)}`,
    `SUMMARY${lang}:${text(event.summary)}`,
    `LOCATION:${text(event.location)}`,
    `DESCRIPTION${lang}:${text(event.description)}`,
    `ORGANIZER:mailto:${event.organizer}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
