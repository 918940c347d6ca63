import { describe, expect, it } from 'vitest';
import { googleCalendarLink, sessionTimes, timeLeft } from './session-times';

describe('live session times', () => {
  it('says the time left in days, hours and minutes, rounding up to the minute', () => {
    const now = Date.parse('2026-12-01T03:45:00Z');
    expect(timeLeft('2026-12-01T05:50:00Z', now)).toBe('2 h 5 min');
    expect(timeLeft('2026-12-01T05:45:00Z', now)).toBe('2 h');
    expect(timeLeft('2026-12-01T03:45:20Z', now)).toBe('1 min');
    expect(timeLeft('2026-12-04T07:45:00Z', now)).toBe('3 d 4 h');
    expect(timeLeft('2026-12-01T03:44:00Z', now)).toBe('1 min');
  });

  it('shows India time as IST and another zone by its own name', () => {
    const start = '2026-12-01T09:15:00+05:30';
    const end = '2026-12-01T10:15:00+05:30';
    expect(sessionTimes(start, end, 'Asia/Kolkata')).toBe('Tue, 1 Dec 2026, 9:15 am – 10:15 am IST');
    expect(sessionTimes(start, end, 'Europe/London')).toBe('Tue, 1 Dec 2026, 3:45 am – 4:45 am GMT');
    expect(sessionTimes('2026-12-01T23:30:00+05:30', '2026-12-02T00:30:00+05:30', 'Asia/Kolkata')).toBe(
      'Tue, 1 Dec 2026, 11:30 pm – Wed, 2 Dec 2026, 12:30 am IST',
    );
  });

  it("links Google Calendar with the UTC times and the shop's page, never a meeting address", () => {
    const link = new URL(
      googleCalendarLink(
        {
          title: 'Market open',
          description: 'The first hour, live.',
          audienceTitle: "Trader's Club",
          startsAt: '2026-12-01T09:15:00+05:30',
          endsAt: '2026-12-01T10:15:00+05:30',
        },
        'https://shop.example/dashboard/live-sessions',
      ),
    );
    expect(link.origin + link.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(link.searchParams.get('action')).toBe('TEMPLATE');
    expect(link.searchParams.get('text')).toBe('Market open');
    expect(link.searchParams.get('dates')).toBe('20261201T034500Z/20261201T044500Z');
    expect(link.searchParams.get('details')).toBe(
      "The first hour, live.\n\nPart of: Trader's Club\n\nJoin from https://shop.example/dashboard/live-sessions",
    );
  });
});
