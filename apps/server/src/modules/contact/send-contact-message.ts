import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { MailMessage, MailQueue } from '../../mail/mailer.js';
import { insertContactMessage, type NewContactMessage } from './repo.js';

interface Deps {
  db: Db;
  mail: MailQueue;
  config: Config;
  log: FastifyBaseLogger;
}

export function composeContactMail(config: Config, input: NewContactMessage, receivedAt: Date): MailMessage {
  const lines = [
    `A visitor wrote through the contact form of ${config.siteName}.`,
    '',
    `Name: ${input.name}`,
    `E-mail: ${input.email}`,
    ...(input.website ? [`Website: ${input.website}`] : []),
    `Received: ${receivedAt.toISOString()}`,
    '',
    'Message:',
    input.message,
    '',
    `Reply to ${input.email} to answer.`,
  ];
  // Plain text only: the visitor's words never become HTML in the operator's mail client.
  return { to: config.contactTo, subject: `Contact form: ${input.name}`, text: lines.join('\n') };
}

/**
 * Stores the message first, then queues the mail to CONTACT_TO. The mail queue retries failed deliveries,
 * and even a failure to queue leaves the stored message for the operator, so the visitor is never told
 * to send it again.
 */
export async function sendContactMessage({ db, mail, config, log }: Deps, input: NewContactMessage): Promise<string> {
  const receivedAt = new Date();
  const id = await insertContactMessage(db, input, receivedAt);
  try {
    await mail.send(composeContactMail(config, input, receivedAt));
  } catch (error) {
    log.error({ err: error, contactMessageId: id }, 'contact message stored, but its mail could not be queued');
  }
  return id;
}
