import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { allowFailedResources, expect, test } from './support/browser';
import { createCourseAs } from './support/shop';
import { type E2EUser, signIn } from './support/users';

// Issue 14: the operator edits a course's sections and lessons in the console.

/** A published course with one lesson, made through the console's API as the admin's browser would. */
function createCourse(admin: E2EUser): Promise<{ id: string; title: string }> {
  return createCourseAs(admin, {
    title: `Gap Trading ${Date.now().toString(36)}`,
    tag: 'Gaps',
    courseDescription: 'Trading the opening gap.',
    whatYoullLearn: ['Gap types'],
    curriculum: [{ title: 'Basics intro', duration: '5 min', content: 'Start here.' }],
    lessonVideos: [],
  });
}

const status = (page: Page) => page.locator('.structure-editor [role="status"]');
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('the console’s section and lesson editor', () => {
  test('adds a section and a lesson, moves it by keyboard and by drag, saves: the course page’s curriculum follows', async ({
    page,
    context,
    consoleErrors,
  }) => {
    const admin = await signIn(context, { role: 'admin' });
    const course = await createCourse(admin);
    await page.goto(`/admin/courses/${course.id}`);
    await page.getByRole('heading', { name: 'Sections and lessons' }).waitFor();
    expect(await page.getByLabel('Title of lesson 1 in section 1').inputValue()).toBe('Basics intro');

    await page.getByRole('button', { name: 'Add a section' }).click();
    const sectionTitle = page.getByLabel('Section 2 title');
    await expect.poll(() => sectionTitle.evaluate((el) => el === document.activeElement)).toBe(true);
    await sectionTitle.fill('Advanced setups');
    await page.getByRole('button', { name: 'Add a lesson to section 2' }).click();
    await page.getByLabel('Title of lesson 1 in section 2').fill('Gap fills');
    await page.getByLabel('Duration of lesson 1 in section 2').fill('8 min');
    await page.getByLabel('Summary (shown on the course page) of lesson 1 in section 2').fill('Trading the open.');
    await page
      .getByLabel('Text for enrolled learners (Markdown) of lesson 1 in section 2')
      .fill('When a gap **closes**: the paid rule.');
    expect(await axeViolations(page)).toEqual([]);

    // Arrow keys on the lesson's Move handle: over the section edge, then to the top; focus stays on it.
    const handle = page.getByRole('button', { name: 'Move lesson 1 in section 2' });
    await handle.focus();
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(() => status(page).textContent())
      .toBe('“Gap fills” is now lesson 2 of 2 in section 1, “Course content”.');
    expect(await page.getByLabel('Title of lesson 2 in section 1').inputValue()).toBe('Gap fills');
    const handleId = await focusedId(page);
    expect(handleId).toMatch(/-handle$/);
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(() => status(page).textContent())
      .toBe('“Gap fills” is now lesson 1 of 2 in section 1, “Course content”.');
    expect(await focusedId(page)).toBe(handleId);

    // The Move down button, and the Section select, do the same for those who prefer them.
    await page.getByRole('button', { name: 'Move down lesson 1 in section 1', exact: true }).click();
    expect(await page.getByLabel('Title of lesson 2 in section 1').inputValue()).toBe('Gap fills');
    await page.getByRole('button', { name: 'Move up lesson 2 in section 1', exact: true }).click();
    expect(await page.getByLabel('Title of lesson 1 in section 1').inputValue()).toBe('Gap fills');

    // Drag the other lesson by its handle into the (now empty) second section. Playwright's drag does not
    // scroll the page while the button is held, so both ends must be on screen at once.
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page
      .getByRole('button', { name: 'Move lesson 2 in section 1' })
      .dragTo(page.getByRole('list', { name: 'Lessons of section 2' }));
    expect(await page.getByLabel('Title of lesson 1 in section 2').inputValue()).toBe('Basics intro');
    await page.getByLabel('Section of lesson 1 in section 2').selectOption({ label: '1. Course content' });
    expect(await page.getByLabel('Title of lesson 2 in section 1').inputValue()).toBe('Basics intro');
    await page.getByLabel('Section of lesson 2 in section 1').selectOption({ label: '2. Advanced setups' });

    // A bad video link is named at its field and nothing is saved.
    await page.getByLabel('Kind of lesson 1 in section 1').selectOption('Video');
    await page.getByLabel('Video link (optional) of lesson 1 in section 1').fill('https://vimeo.com/1');
    await page.getByRole('button', { name: 'Save sections and lessons' }).click();
    await page.getByText('Video link must be a YouTube link or an 11-character video id').waitFor();
    await page.locator('.toast', { hasText: 'Nothing was saved: please correct the fields marked below.' }).waitFor();
    allowFailedResources(consoleErrors, 400);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Video link (optional) of lesson 1 in section 1').fill('https://youtu.be/aqz-KE-bpKQ');
    await page.getByRole('button', { name: 'Save sections and lessons' }).click();
    await page.locator('.toast', { hasText: 'Sections and lessons are saved.' }).waitFor();

    await page.goto(`/course-details/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const lessons = page.locator('.curriculum .curriculum-title');
    await lessons.first().waitFor();
    expect(await lessons.allTextContents()).toEqual(['Gap fills', 'Basics intro']);
    // The course page shows each lesson's summary; a paid lesson's text stays in the player.
    expect(await page.locator('.curriculum li p').allTextContents()).toEqual(['Trading the open.', 'Start here.']);
    expect(await page.content()).not.toContain('the paid rule');
  });

  test('is usable at 360 px: nothing runs off the side and axe finds nothing', async ({ page, context }) => {
    const admin = await signIn(context, { role: 'admin' });
    const course = await createCourse(admin);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/admin/courses/${course.id}`);
    await page.getByRole('heading', { name: 'Sections and lessons' }).waitFor();
    await page.getByRole('button', { name: 'Add a lesson to section 1' }).click();
    await page.getByLabel('Kind of lesson 2 in section 1').selectOption('Video');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
  });
});
