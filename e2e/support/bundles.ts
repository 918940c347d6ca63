import { baseURL, expect } from './browser';
import { unique } from './memberships';
import type { E2EUser } from './users';

/** Two demo courses, neither offered in instalments alone; a fresh learner owns neither. */
export const pairedCourses = [
  { id: '64a1f0c2b7e4d1a2c3e50002', title: 'The 15-Minute Trend-Following System' },
  { id: '64a1f0c2b7e4d1a2c3e50003', title: 'Futures Trading Essentials for Indian Markets' },
] as const;

/**
 * A published ₹5,999 bundle of `pairedCourses`, made through the console's API as the admin's browser would;
 * titled `titlePrefix` and a unique tail.
 */
export async function createBundleAs(admin: E2EUser, titlePrefix: string): Promise<{ id: string; title: string }> {
  const title = `${titlePrefix} ${unique()}`;
  const json = await consolePost(admin, '/api/admin/bundles', {
    title,
    description: 'A trend system and the futures to trade it with.',
    price: 5999,
    courseIds: pairedCourses.map((course) => course.id),
    published: true,
  });
  return { id: json.bundle.id, title };
}

/** A console POST as the admin's browser makes it; fails the test unless it answers 201 (made or set). */
async function consolePost(admin: E2EUser, path: string, body: object) {
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `token=${admin.token}`, origin: new URL(baseURL).origin },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(201);
  return json;
}

/** Sets a bundle's instalment offer through the console's API (`count` payments of `amount` rupees). */
export async function offerBundleInInstalments(admin: E2EUser, bundleId: string, count: number, amount: number) {
  await consolePost(admin, `/api/admin/bundles/${bundleId}/instalments`, { count, amount });
}
