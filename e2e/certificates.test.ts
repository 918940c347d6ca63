import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { pdfText } from '../apps/server/test/pdf';
import { axeViolations } from './support/axe';
import { allowFailedResources, baseURL, expect, test } from './support/browser';
import { buyInTestMode } from './support/checkout';
import { stubYouTube } from './support/shop';
import { signIn } from './support/users';

// Issue 14: finish a course and get its certificate, then check it on its public page.
const course = { id: '64a1f0c2b7e4d1a2c3e50012', title: 'F&O Trading Software Masterclass for Windows' };
const name = 'अर्जुन शर्मा';

/** The same letters, whatever their order: a PDF's text layer gives shaped Devanagari in drawing order. */
/** Screenshots for the issue's closing note (e2e/artifacts is ignored by git). */
const artifacts = path.resolve(import.meta.dirname, 'artifacts');
const screenshot = async (page: Page, name: string) => {
  fs.mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: path.join(artifacts, name), fullPage: true });
};

const letters = (text: string) => [...text.replace(/\s/g, '')].sort().join('');

describe('certificates', () => {
  // A whole learner's journey (a purchase, every lesson, a PDF, four axe scans): 25 s on a loaded CI
  // machine, where the default 30 s ran out once (stop 26's CI needed the retry for it).
  test('set the name to print, buy, complete every lesson, download the certificate, and verify it on its public page', {
    timeout: 90_000,
  }, async ({ page, context, consoleErrors }) => {
    await signIn(context);
    await stubYouTube(page);

    // The profile: the name to print on certificates, in Devanagari.
    await page.goto('/profile');
    const nameField = page.getByLabel('Name to print on your certificates');
    await nameField.fill(name);
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your certificate name has been saved.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await buyInTestMode(page, course.id, { first: 'Arjun', last: 'Sharma' });
    const card = page.getByRole('article', { name: course.title });
    expect(await card.getByRole('link', { name: 'Download certificate' }).count()).toBe(0);
    await card.getByRole('link', { name: 'Start course', exact: true }).click();
    await page.waitForURL(new RegExp(`/learn/${course.id}$`));

    // Every lesson, in order, with 'Mark as complete' (the keyboard for the first one).
    await page.getByRole('button', { name: 'Mark as complete' }).waitFor();
    const total = await page.getByRole('navigation', { name: 'Course outline' }).getByRole('link').count();
    expect(total).toBeGreaterThan(1);
    for (let done = 0; done < total; done++) {
      const mark = page.getByRole('button', { name: 'Mark as complete' });
      if (done === 0) {
        await mark.focus();
        await page.keyboard.press('Enter');
      } else {
        await mark.click();
      }
      await page.getByRole('button', { name: '✓ Completed' }).waitFor();
      await page.getByText(`${done + 1} of ${total} lessons completed`).waitFor();
      if (done < total - 1) {
        expect(await page.getByRole('link', { name: 'Download certificate' }).count()).toBe(0);
        await page.getByRole('link', { name: 'Next →' }).click();
        await page.getByRole('button', { name: 'Mark as complete' }).waitFor();
      }
    }
    await page.getByText('100% complete').waitFor();

    // The certificate, from the player.
    const link = page.getByRole('link', { name: 'Download certificate' });
    await link.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'player-complete.png');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const id = /certificate-([a-z2-7]{16})\.pdf$/.exec(download.suggestedFilename())?.[1] ?? '';
    expect(id).not.toBe('');
    const text = await pdfText(fs.readFileSync(await download.path()));
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain(course.title);
    expect(text).toContain(`Certificate id: ${id}`);
    expect(text).toContain(`/certificates/${id}`);
    const drawnName = text.split('This certifies that ')[1]?.split(' has completed')[0] ?? '';
    expect(letters(drawnName)).toBe(letters(name));

    // The dashboard offers it too.
    await page.goto('/enrolled-courses');
    await card.getByRole('link', { name: 'Download certificate' }).waitFor();
    expect(await card.getByRole('link', { name: 'Download certificate' }).getAttribute('href')).toBe(
      `/api/certificates/${id}/pdf`,
    );

    // Its public page, as anyone opening the link on the PDF sees it.
    const verifyPath = new URL(/Verify at (\S+)/.exec(text)?.[1] ?? '', baseURL).pathname;
    expect(verifyPath).toBe(`/certificates/${id}`);
    await context.clearCookies();
    await page.goto(verifyPath);
    await page.getByRole('status').filter({ hasText: 'This certificate is valid.' }).waitFor();
    await page
      .getByRole('heading', {
        name: new RegExp(`^${name} completed the course ${course.title} on \\d{1,2} \\w+ \\d{4}\\.$`),
      })
      .waitFor();
    const linkedIn = new URL(
      (await page.getByRole('link', { name: 'Add to LinkedIn profile' }).getAttribute('href')) ?? '',
    );
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(linkedIn.searchParams)).toMatchObject({
      startTask: 'CERTIFICATION_NAME',
      name: course.title,
      certId: id,
      certUrl: expect.stringMatching(new RegExp(`/certificates/${id}$`)),
      issueYear: String(new Date().getFullYear()),
    });
    expect(await page.content()).not.toContain('@example.com');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'certificate-page.png');

    // 360 px wide: nothing overflows sideways, and it stays accessible.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);

    // An id nobody was given says so.
    await page.goto('/certificates/aaaaaaaaaaaaaaaa');
    await page.getByRole('alert').filter({ hasText: 'No certificate has this id.' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    allowFailedResources(consoleErrors, 404);
  });
});
