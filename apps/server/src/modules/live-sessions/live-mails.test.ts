import { describe, expect, it } from 'vitest';
import { indiaWhen, liveSessionMail } from './live-mails.js';

const site = { publicUrl: 'https://shop.example.in', siteName: 'TradeSkool' };
const to = { email: 'asha@example.com', name: 'Asha' };
/** Tuesday 13 January 2026, 19:00 India time. */
const session = {
  title: 'Bank Nifty expiry, live',
  startsAt: new Date(Date.UTC(2026, 0, 13, 13, 30)),
  partOf: "Trader's Club",
};

describe("live sessions' mails", () => {
  it('say the start in India time, and link to the live-sessions page', () => {
    expect(indiaWhen(session.startsAt)).toBe('Tuesday 13 January 2026, 7:00 pm IST');
    expect(indiaWhen(new Date(Date.UTC(2026, 0, 13, 3, 45)))).toBe('Tuesday 13 January 2026, 9:15 am IST');
    const reminder = liveSessionMail(site, to, session, 'reminder_1h');
    expect(reminder.subject).toBe('In an hour: Bank Nifty expiry, live, live at TradeSkool');
    expect(reminder.text).toContain(
      `"Bank Nifty expiry, live" (Trader's Club) starts Tuesday 13 January 2026, 7:00 pm IST.`,
    );
    expect(reminder.text).toContain('https://shop.example.in/dashboard/live-sessions');
    expect(reminder.html).toContain('<a href="https://shop.example.in/dashboard/live-sessions">');
    expect(liveSessionMail(site, to, session, 'moved').text).toContain(
      'It now starts Tuesday 13 January 2026, 7:00 pm IST.',
    );
    expect(liveSessionMail(site, to, session, 'cancelled').subject).toBe(
      'Cancelled: Bank Nifty expiry, live, live at TradeSkool',
    );
    expect(liveSessionMail(site, to, session, 'reminder_24h').subject).toBe(
      'Tomorrow: Bank Nifty expiry, live, live at TradeSkool',
    );
  });

  it('escape the title in the HTML part', () => {
    const mail = liveSessionMail(site, to, { ...session, title: '<img src=x onerror=alert(1)>' }, 'reminder_24h');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img');
  });
});
