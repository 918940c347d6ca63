import type { Page } from 'playwright-core';

/** Fills the sign-in form of the page that is open (/login) and presses Sign In. */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** On an open reset-password page: types the new password twice, saves, and waits for the confirmation. */
export async function chooseNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page.getByRole('status').filter({ hasText: 'Your password has been changed and you are signed in.' }).waitFor();
}
