/** A local SMTP server that parses every mail it receives: the tests' mailbox. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface Inbox {
  port: number;
  /** SMTP_URL of this server. */
  url: string;
  mails: ParsedMail[];
  /** The mails to one address. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (`port` 0: any free one). */
export async function smtpServer(port = 0): Promise<Inbox> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((m) => (mails.push(m), done()), done);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    to: (address) => mails.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.value.some((v) => v.address === address))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
