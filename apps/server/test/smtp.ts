import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** While true, every message is refused with a 550, as a mail server that will not take it. */
  rejecting: boolean;
  /** Resolves with the next message delivered to `to` (or already delivered). */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP listener on loopback that records what it accepts. */
export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const state = { rejecting: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.rejecting) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        for (const waiter of [...waiters]) {
          if (mail.to.includes(waiter.to.toLowerCase())) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  // A sender that dies mid-message (the scale-out test SIGKILLs shop processes) resets its connection:
  // smtp-server reports that on the server, and an 'error' with no listener would crash the test run.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error('test SMTP listener:', error);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get rejecting() {
      return state.rejecting;
    },
    set rejecting(value: boolean) {
      state.rejecting = value;
    },
    waitFor(to, timeoutMs = 5000) {
      const already = received.find((mail) => mail.to.includes(to.toLowerCase()));
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a quoted-printable or plain mail body with soft line breaks undone, for finding links. */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}
