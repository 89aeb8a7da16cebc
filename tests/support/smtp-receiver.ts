import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for the mail tests: keeps every mail it takes, parsed, or
 * refuses them while `refuse` is set (a mail server that is down).
 */
export class SmtpReceiver {
  readonly received: ParsedMail[] = [];
  refuse = false;
  private server: SMTPServer | undefined;
  port = 0;

  async start(port = 0): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, _session, callback) => {
        if (this.refuse) {
          stream.resume();
          stream.on('end', () => callback(new Error('mailbox unavailable')));
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            this.received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    this.port = (server.server.address() as AddressInfo).port;
    return this;
  }

  /** The mails to `address`, once there are at least `count` of them (waits up to 5 s). */
  async mailTo(address: string, count: number): Promise<ParsedMail[]> {
    for (let i = 0; i < 100; i += 1) {
      const mails = this.received.filter(
        (m) => m.to && !Array.isArray(m.to) && m.to.value.some((v) => v.address === address),
      );
      if (mails.length >= count) return mails;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ${count} mails to ${address} arrived`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** A mail's calendar attachment, its folded lines joined again. */
export function calendarOf(mail: ParsedMail): string {
  const part = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  if (!part) throw new Error('no calendar attachment');
  return part.content.toString('utf8').replace(/\r\n /g, '');
}
