import { readFileSync } from 'node:fs';
import { indiaMonth } from '@shop/shared';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { baseURL, expect, test } from './support/browser';
import { createPlanWithoutTrial, subscribeInTestMode } from './support/memberships';
import { addSessionCookie, createVerifiedUser, postAs, signIn } from './support/users';

// Issue 16, the operator's part: the invoice register (search, download, resend) and a month's GSTR-1 exports;
// a membership charge's invoice (issue 34) is downloaded and re-sent from its row like an order's.

const optionsCourse = '64a1f0c2b7e4d1a2c3e50004';
const gstin = '27AAPFU0939F1ZV';

/** A buyer from Pune with a GSTIN pays through the sandbox gateway, as checkout does. */
async function buyFromPune(business: string) {
  const learner = createVerifiedUser();
  const course = await (await fetch(`${baseURL}/api/courses/${optionsCourse}`)).json();
  await postAs(learner, '/api/cart/add', { courseId: optionsCourse });
  const order = await postAs(learner, '/api/create-order', {
    amount: course.course.price,
    name: 'Rohan Shah',
    email: learner.email,
    state: '27',
    pin: '411001',
    businessName: business,
    gstin,
    disclaimerAccepted: true,
  });
  const { ok: _ok, ...signed } = await postAs(learner, '/api/sandbox/pay', {
    order_id: order.order_id,
    outcome: 'captured',
  });
  await postAs(learner, '/api/verify-payment', signed);
  return learner;
}

describe('invoice register', () => {
  test('the operator finds an invoice by buyer, downloads it and the B2B export, and re-sends it', async ({
    page,
    context,
  }) => {
    const business = `Pune Charts ${Date.now().toString(36)} LLP`;
    const buyer = await buyFromPune(business);
    await signIn(context, { role: 'admin' });
    await page.goto('/admin');
    // The dashboard's takings net of refunds and of tax sit beside the gross.
    await page.getByText("taken in the last 30 days net of refunds and of tax (the invoices' taxable value)").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Invoice register' })
      .click();
    await page.getByRole('heading', { name: 'Invoice register', level: 1 }).waitFor();

    await page.getByLabel('Number, buyer name or e-mail, GSTIN').fill(buyer.email);
    await page.getByRole('button', { name: 'Show' }).click();
    const row = page.getByRole('row', { name: new RegExp(business) });
    await row.waitFor();
    // The unfiltered list also holds her row, so wait for the search's answer: a heading row and hers.
    await expect
      .poll(() => page.getByRole('region', { name: 'Invoices and credit notes' }).getByRole('row').count())
      .toBe(2);
    // With a search, the totals are those of the documents found: here the one invoice.
    const totals = page.getByRole('region', { name: 'Totals of the documents found' });
    await expect.poll(() => totals.getByRole('row', { name: /^Invoices 1 / }).count()).toBe(1);
    const number = ((await row.getByRole('rowheader').textContent()) ?? '').trim();
    expect(number).toMatch(/^TS\/\d\d-\d\d\/\d{6}$/);
    await row.getByRole('cell', { name: gstin }).waitFor();
    await row.getByRole('cell', { name: '27-Maharashtra' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: `Download invoice ${number}` }).click(),
    ]);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'b2b.csv' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^gstr1-b2b-\d{4}-\d\d\.csv$/);
    const lines = readFileSync(await csv.path(), 'utf8').split('\r\n');
    expect(lines[0]).toMatch(/^GSTIN\/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,/);
    expect(lines.find((line) => line.includes(number))).toMatch(
      new RegExp(`^${gstin},${business},${number.replaceAll('/', '\\/')},\\d\\d-\\w{3}-\\d{4},`),
    );

    await row.getByRole('button', { name: `Resend invoice ${number}` }).click();
    await page.locator('.toast', { hasText: `${number} was e-mailed again to ${buyer.email}.` }).waitFor();
    await page.goto('/admin/audit');
    await page.getByRole('cell', { name: 'invoice.resend' }).first().waitFor();
  });
});

describe("the invoice register's membership charges", () => {
  test("a charge's invoice: Download opens its PDF, Resend e-mails it to the member", { timeout: 90_000 }, async ({
    page,
    context,
  }) => {
    const admin = createVerifiedUser({ role: 'admin' });
    const plan = await createPlanWithoutTrial(admin, optionsCourse, 'Register Room');
    const member = createVerifiedUser();
    await addSessionCookie(context, member);
    await subscribeInTestMode(page, plan.id);

    // The sandbox's charge webhook issues the invoice: wait for it in the register before opening the page.
    const listed = async () => {
      const res = await fetch(
        `${baseURL}/api/admin/invoices?month=${indiaMonth(new Date())}&q=${encodeURIComponent(member.email)}`,
        {
          headers: { cookie: `token=${admin.token}` },
        },
      );
      return ((await res.json()).register?.rows ?? []).length;
    };
    await expect.poll(listed, { timeout: 15_000 }).toBe(1);

    await context.clearCookies();
    await addSessionCookie(context, admin);
    await page.goto('/admin/invoices');
    await page.getByRole('heading', { name: 'Invoice register', level: 1 }).waitFor();
    await page.getByLabel('Number, buyer name or e-mail, GSTIN').fill(member.email);
    await page.getByRole('button', { name: 'Show' }).click();
    const row = page.getByRole('row', { name: new RegExp(member.email) });
    await row.waitFor();
    const number = ((await row.getByRole('rowheader').textContent()) ?? '').trim();
    expect(number).toMatch(/^TS\/\d\d-\d\d\/\d{6}$/);

    const download = row.getByRole('link', { name: `Download invoice ${number}` });
    expect(await download.getAttribute('href')).toMatch(/^\/api\/my\/subscriptions\/[^/]+\/charges\/[^/]+\/invoice$/);
    const [pdf] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await row.getByRole('button', { name: `Resend invoice ${number}` }).click();
    await page.locator('.toast', { hasText: `${number} was e-mailed again to ${member.email}.` }).waitFor();
  });
});
