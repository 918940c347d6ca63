import net from 'node:net';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { startSmtp } from './smtp.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the test SMTP listener', () => {
  it('outlives a sender that dies in the middle of a message (the scale-out test kills shop processes)', async () => {
    const smtp = await startSmtp();
    try {
      const socket = net.connect(Number(new URL(smtp.url).port), '127.0.0.1');
      await new Promise((resolve) => socket.once('data', resolve));
      socket.write('EHLO sender.example\r\nMAIL FROM:<shop@example.com>\r\n');
      await pause(200);
      // A killed process's connection: reset inside the transaction, which smtp-server reports on the server.
      socket.resetAndDestroy();
      await pause(300);
      const transport = nodemailer.createTransport(smtp.url);
      await transport.sendMail({ from: 'shop@example.com', to: 'learner@example.com', text: 'still here' });
      expect((await smtp.waitFor('learner@example.com')).raw).toContain('still here');
    } finally {
      await smtp.close();
    }
  });
});
