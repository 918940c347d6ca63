import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { boundValues, preparedQuery } from '../db/prepared.js';
import type { MailOutboxTable } from '../db/schema.js';
import { newId } from '../ids.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on newsletters (RFC 8058). */
  headers?: Record<string, string>;
  /** Documents to attach, rendered by the mail pass when it sends (see renderAttachmentsWith). */
  attachments?: MailAttachmentRef[];
}

/** An issued tax document, named by its order, kind and number. */
export interface TaxDocumentRef {
  orderId: string;
  kind: 'invoice' | 'credit_note';
  number: string;
}

/** A learner's certificate, named by its public id. */
export interface CertificateRef {
  kind: 'certificate';
  certificateId: string;
}

/** A membership charge's issued tax invoice, named by the gateway's payment id and its number. */
export interface ChargeInvoiceRef {
  kind: 'charge_invoice';
  paymentId: string;
  number: string;
}

/** What a queued mail attaches; only this reference is stored in the outbox, the file is rendered on sending. */
export type MailAttachmentRef = TaxDocumentRef | CertificateRef | ChargeInvoiceRef;

export interface RenderedAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** What a transport hands over: the message with its attachments rendered. */
export type OutgoingMail = Omit<MailMessage, 'attachments'> & {
  from: string;
  attachments?: RenderedAttachment[];
  /** Derived from the queued message's id: a message sent again (its process died before marking it sent) keeps it. */
  messageId?: string;
};

/** How a queued message leaves the machine: SMTP in production, an .eml file per message in development. */
export interface MailTransport {
  deliver(message: OutgoingMail): Promise<void>;
}

export function smtpTransport(url: string): MailTransport {
  const transporter: Transporter = nodemailer.createTransport(url);
  return {
    async deliver(message) {
      await transporter.sendMail(message);
    },
  };
}

/** The dev outbox: each message as DATA_DIR/outbox/<time>-<id>.eml, its links printed in the log. */
export function outboxTransport(dir: string, log: FastifyBaseLogger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(message) {
      const info = await transporter.sendMail(message);
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId().slice(0, 8)}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: message.to, subject: message.subject, file, links }, 'mail written to the dev outbox');
    },
  };
}

const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000];
/**
 * Scaled out, a pass first claims each message for this long: a pass in another process then leaves it
 * alone, and a message whose process died before marking it sent is tried again after it.
 */
export const MAIL_CLAIM_MS = 60_000;
const MAX_ATTEMPTS = 10;

type NewMail = Omit<MailOutboxTable, 'attempts' | 'sent_at' | 'last_error'>;
const insertMail = preparedQuery<NewMail>()((db, value) =>
  db.insertInto('mail_outbox').values({
    ...boundValues<NewMail>(value, [
      'id',
      'to_address',
      'subject',
      'text_body',
      'html_body',
      'headers_json',
      'attachments_json',
      'next_attempt_at',
      'created_at',
    ]),
    sent_at: null,
    last_error: null,
  }),
);

/**
 * Attached PDFs are rendered by the pass, about 17 ms of CPU each on the event loop that also serves
 * purchases (decision 0018). At most this many a second are rendered; a burst of purchases leaves its
 * confirmations queued and they follow at this pace, so the purchases themselves keep their speed.
 */
export const ATTACHED_MAILS_PER_SECOND = 10;

/**
 * This second's budget of attached mails when a backlog waits, from how busy the event loop was (0 idle,
 * 1 saturated): the full budget up to half busy, then less, down to one a second when saturated, so a
 * sale's checkout keeps the CPU while its confirmations still leave.
 */
export function attachedMailBudget(busyness: number): number {
  const share = Math.min(1, Math.max(0, 2 * (1 - busyness)));
  return Math.max(1, Math.round(ATTACHED_MAILS_PER_SECOND * share));
}

/** The event loop's utilisation since the previous call (Node's own measure of how busy it is). */
function eventLoopBusyness(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}

/** Unsent messages due by `now`, oldest first: those without attachments or those with (each kind has its own pace). */
const dueOutbox = (db: Db, attachments: 'is' | 'is not', now: string) =>
  db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('attachments_json', attachments, null)
    .where('sent_at', 'is', null)
    .where('attempts', '<', MAX_ATTEMPTS)
    .where('next_attempt_at', '<=', now)
    .orderBy('created_at');
const dueMail = preparedQuery<{ now: string }>()((db, value) => dueOutbox(db, 'is', value('now')).limit(50));
const dueAttachedMail = preparedQuery<{ now: string; limit: number }>()((db, value) =>
  dueOutbox(db, 'is not', value('now')).limit(value('limit')),
);
/** A message still due as the pass read it becomes this pass's (false: another process's pass took it). */
async function claimMail(db: Db, id: string, dueAt: string, until: Date): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: until.toISOString() })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '=', dueAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The pass's two questions, for the test that checks each is answered from its own index. */
export const duePassQueries = { dueMail, dueAttachedMail };

const markSent = preparedQuery<{ id: string; attempts: number; now: string }>()((db, value) =>
  db
    .updateTable('mail_outbox')
    .set({
      sent_at: value('now'),
      attempts: value('attempts'),
      last_error: null,
      // A delivered mail's body may hold a sign-in link: it is not kept once the mail has left.
      text_body: '',
      html_body: null,
      headers_json: null,
    })
    .where('id', '=', value('id')),
);

/**
 * Mail goes through a table: `enqueue` writes the message (inside the caller's transaction when given
 * one), `deliverPending` hands due messages to the transport and retries failures with back-off.
 */
export class MailQueue {
  /** Passes run one after another; `tail` is the last one, `queued` one not yet started. */
  private tail: Promise<unknown> = Promise.resolve();
  private queued: Promise<number> | null = null;
  private stopped = false;
  private renderAttachment: ((ref: MailAttachmentRef) => Promise<RenderedAttachment>) | null = null;
  private readonly messageIdHost: string;
  /** Scaled out: how a kick asks the job engine for a pass, which any worker process may run. */
  private askForPass: (() => Promise<void>) | null = null;
  /** When each attached mail of the last second was taken, for ATTACHED_MAILS_PER_SECOND. */
  private attachedTaken: number[] = [];
  private attachedLater: NodeJS.Timeout | null = null;
  private busyness: () => number = eventLoopBusyness();
  /** The budget of the second under way: measured when a second's first attached mail is taken. */
  private attachedBudget = ATTACHED_MAILS_PER_SECOND;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.messageIdHost = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  }

  /**
   * How the pass turns a stored reference into a file (billing renders the PDF). Rendering happens
   * here, when the mail leaves, never in the transaction or request that queued it.
   */
  renderAttachmentsWith(render: (ref: MailAttachmentRef) => Promise<RenderedAttachment>): void {
    this.renderAttachment = render;
  }

  /**
   * Scaled out (decision 0030): a kick becomes a job that whichever worker takes it runs, and a pass
   * claims each message before sending it, since passes may now run in several processes at once.
   */
  handPassesTo(ask: () => Promise<void>): void {
    this.askForPass = ask;
  }

  /** How busy the process is, 0 to 1 (tests set it; by default the event loop's utilisation). */
  measureBusynessWith(busyness: () => number): void {
    this.busyness = busyness;
  }

  private async attachmentsOf(json: string | null): Promise<RenderedAttachment[] | undefined> {
    if (!json) return undefined;
    const render = this.renderAttachment;
    if (!render) throw new Error('this mail names attachments but no renderer is set');
    const rendered: RenderedAttachment[] = [];
    for (const ref of JSON.parse(json) as MailAttachmentRef[]) rendered.push(await render(ref));
    return rendered;
  }

  async enqueue(message: MailMessage, db: Db = this.db, now = new Date()): Promise<string> {
    const id = newId();
    const stamp = now.toISOString();
    await insertMail.execute(db, {
      id,
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      headers_json: message.headers ? JSON.stringify(message.headers) : null,
      attachments_json: message.attachments?.length ? JSON.stringify(message.attachments) : null,
      // Due at once.
      next_attempt_at: stamp,
      created_at: stamp,
    });
    return id;
  }

  /** Enqueues and tries to deliver at once, without making the caller wait for the mail server. */
  async send(message: MailMessage): Promise<void> {
    await this.enqueue(message);
    this.kick();
  }

  kick(): void {
    // After stop() the database is about to close: a pass started now would fail on a closed pool.
    if (this.stopped) return;
    if (this.askForPass) {
      this.askForPass().catch((error: unknown) => this.log.error({ err: error }, 'asking for a mail pass failed'));
      return;
    }
    void this.deliverPending().catch((error: unknown) => this.log.error({ err: error }, 'mail delivery pass failed'));
  }

  /**
   * A delivery pass, run after any pass already under way, so a message queued meanwhile is not left
   * for the timer. Calls made while a pass waits to start share it; a call with an explicit `now` gets
   * its own. Resolves to the number of messages sent.
   */
  deliverPending(now?: Date): Promise<number> {
    if (!now && this.queued) return this.queued;
    const pass = this.tail.then(() => {
      if (pass === this.queued) this.queued = null;
      return this.runPass(now ?? new Date());
    });
    if (!now) this.queued = pass;
    this.tail = pass.catch(() => 0);
    return pass;
  }

  private async runPass(now: Date): Promise<number> {
    const due = await dueMail.rows(this.db, { now: now.toISOString() });
    const clock = Date.now();
    this.attachedTaken = this.attachedTaken.filter((at) => clock - at < 1000);
    if (this.attachedTaken.length === 0) this.attachedBudget = attachedMailBudget(this.busyness());
    const room = ATTACHED_MAILS_PER_SECOND - this.attachedTaken.length;
    if (room > 0) {
      const waiting = await dueAttachedMail.rows(this.db, { now: now.toISOString(), limit: room });
      // A few waiting mails leave at once; a backlog (a whole second's worth) goes at the pace this
      // second's busyness allows, so a sale's checkouts keep the CPU.
      const backlog = waiting.length === room;
      const attached = backlog
        ? waiting.slice(0, Math.max(0, this.attachedBudget - this.attachedTaken.length))
        : waiting;
      for (const _row of attached) this.attachedTaken.push(clock);
      due.push(...attached);
      due.sort((a, b) => a.created_at.localeCompare(b.created_at));
      // Perhaps more are waiting: come back when this second's budget is renewed.
      if (backlog) this.comeBackForAttachedMail();
    } else {
      this.comeBackForAttachedMail();
    }
    let sent = 0;
    for (const row of due) {
      if (this.stopped) break;
      const claimUntil = new Date(Date.now() + MAIL_CLAIM_MS);
      if (this.askForPass && !(await claimMail(this.db, row.id, row.next_attempt_at, claimUntil))) continue;
      try {
        const attachments = await this.attachmentsOf(row.attachments_json);
        await this.transport.deliver({
          from: this.from,
          messageId: `<${row.id}@${this.messageIdHost}>`,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body ?? undefined,
          ...(row.headers_json ? { headers: JSON.parse(row.headers_json) as Record<string, string> } : {}),
          ...(attachments ? { attachments } : {}),
        });
        await markSent.execute(this.db, { id: row.id, attempts: row.attempts + 1, now: new Date().toISOString() });
        sent++;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[Math.min(row.attempts, RETRY_DELAYS_MS.length - 1)] ?? 3_600_000;
        await this.db
          .updateTable('mail_outbox')
          .set({
            attempts: row.attempts + 1,
            last_error: String((error as Error).message ?? error).slice(0, 500),
            next_attempt_at: new Date(Date.now() + delay).toISOString(),
          })
          .where('id', '=', row.id)
          .execute();
        this.log.warn(
          { to: row.to_address, subject: row.subject, err: (error as Error).message },
          'mail not delivered; will retry',
        );
      }
    }
    return sent;
  }

  private comeBackForAttachedMail(): void {
    if (this.attachedLater || this.stopped) return;
    this.attachedLater = setTimeout(() => {
      this.attachedLater = null;
      // Scaled out, the worker that found the backlog keeps draining it at its own pace (other workers'
      // passes join through their kicks; the claims keep them apart), rather than waiting for a job.
      if (this.askForPass) {
        if (this.stopped) return;
        this.deliverPending().catch((error: unknown) => this.log.error({ err: error }, 'mail delivery pass failed'));
      } else this.kick();
    }, 1000);
    this.attachedLater.unref();
  }

  /** Waits for a running pass; no pass starts afterwards (the database may close next). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.attachedLater) clearTimeout(this.attachedLater);
    await this.tail;
  }
}

export function createMailQueue(db: Db, config: Config, log: FastifyBaseLogger): MailQueue {
  const { smtpUrl } = config;
  const transport = smtpUrl ? smtpTransport(smtpUrl) : outboxTransport(path.join(config.dataDir, 'outbox'), log);
  return new MailQueue(db, transport, config.mailFrom, log);
}
