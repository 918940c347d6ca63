import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './helpers.js';

/**
 * Delivers the queued mail, then reads what the dev mailer wrote to `<dataDir>/outbox`: each message
 * whole, its quoted-printable soft breaks and escapes decoded back to UTF-8 text.
 */
export async function outboxMails(t: TestApp): Promise<string[]> {
  await t.app.deps.mail.deliverPending();
  const outbox = path.join(t.config.dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .map((raw) =>
      raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
    .map((raw) => Buffer.from(raw, 'latin1').toString('utf8'));
}
