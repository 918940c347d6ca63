import { indiaDate, indiaLongDate, type LearnCourseResponse } from '@shop/shared';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { baseURL, expect, test } from './support/browser';
import { grantCourse, signIn } from './support/users';

// Issue 35, scheduled release in the browser: the demo seed's Basic Maths for Traders opens its last lesson
// a week after enrolment. A newcomer sees that lesson's title with a lock and "Opens on …" (its India date)
// in the outline, where it is no link, and in the player when they step to it by keyboard; no content,
// no Mark as complete; axe-clean at both widths.

const course = { id: '64a1f0c2b7e4d1a2c3e50011', title: 'Basic Maths for Traders' };
const viewports = [
  { width: 360, height: 800 },
  { width: 1366, height: 900 },
];

describe('scheduled release', () => {
  for (const viewport of viewports) {
    test(`at ${viewport.width} px: a locked lesson shows its date in the outline and the player; keyboard; axe-clean`, {
      timeout: 90_000,
    }, async ({ page, context }) => {
      await page.setViewportSize(viewport);
      const learner = await signIn(context);
      grantCourse(learner.id, course.id);
      const answer = (await (
        await fetch(`${baseURL}/api/learn/${course.id}`, { headers: { cookie: `token=${learner.token}` } })
      ).json()) as LearnCourseResponse;
      const lessons = answer.sections.flatMap((section) => section.lessons);
      const locked = lessons.at(-1);
      const before = lessons.at(-2);
      if (!locked?.availableAt || !before) throw new Error('the demo drip course should lock its last lesson');
      const opensOn = `Opens on ${indiaLongDate(indiaDate(new Date(locked.availableAt)))}`;

      await page.goto(`/learn/${course.id}/${before.id}`);
      await page.getByRole('heading', { level: 1, name: before.title }).waitFor();
      const outline = page.getByRole('navigation', { name: 'Course outline' });
      if (viewport.width < 768) {
        await page.getByRole('button', { name: 'Course outline' }).focus();
        await page.keyboard.press('Enter');
      }
      // In the outline: the title, a lock read as "Locked", the day it opens, and no link to follow.
      const item = outline.getByRole('listitem').filter({ hasText: locked.title });
      await item.getByText(opensOn).waitFor();
      expect(await item.getByRole('link').count()).toBe(0);
      expect(await item.textContent()).toContain('Locked');
      expect(await outline.getByRole('link').count()).toBe(lessons.length - 1);
      expect(await axeViolations(page)).toEqual([]);
      if (viewport.width < 768) await page.keyboard.press('Escape');

      // Next, by keyboard, to the locked lesson: its title and date, no body, no Mark as complete.
      await page.getByRole('link', { name: /^Next/ }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`/learn/${course.id}/${locked.id}$`));
      await page.getByRole('heading', { level: 1, name: locked.title }).waitFor();
      await page.getByRole('article').getByText(opensOn).waitFor();
      expect(await page.getByRole('button', { name: 'Mark as complete' }).count()).toBe(0);
      expect(await page.locator('.lesson-text, .player-video, .lesson-attachments').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);

      // The daily e-mail of newly opened lessons: on, turned off from the dashboard by keyboard, and it stays off.
      await page.goto('/profile');
      const digest = page.getByRole('checkbox', { name: 'E-mail me when new lessons open (one digest a day at most)' });
      await expect.poll(() => digest.isChecked()).toBe(true);
      await expect.poll(() => digest.isEnabled()).toBe(true);
      await digest.focus();
      await page.keyboard.press('Space');
      await page.getByRole('status').filter({ hasText: 'Your choice is saved.' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.reload();
      await expect.poll(() => digest.isEnabled()).toBe(true);
      expect(await digest.isChecked()).toBe(false);
    });
  }
});
