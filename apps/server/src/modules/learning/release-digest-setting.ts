import { messages } from '@shop/shared';
import { secretFor } from '../../auth/secrets.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { checkDigestUnsubscribe, DIGEST_LINK_SECRET_NAME } from './release-digest-mail.js';
import { isDigestOptedOut, setDigestOptout } from './release-digest-repo.js';

/** Whether the learner gets the daily digest of newly opened lessons (on unless they turned it off). */
export async function readDigestSetting(db: AppDeps['db'], userId: string): Promise<boolean> {
  return !(await isDigestOptedOut(db, userId));
}

/** The learner turns the digest on or off from their dashboard. */
export async function saveDigestSetting(db: AppDeps['db'], userId: string, enabled: boolean, now = new Date()) {
  await setDigestOptout(db, userId, !enabled, now.toISOString());
  return enabled;
}

/**
 * The mail's one-click unsubscribe: no sign-in, the signature over the learner's id is the proof. A second
 * click is no error; a forged or damaged link is refused (400) and changes nothing.
 */
export async function unsubscribeDigest(
  deps: Pick<AppDeps, 'db' | 'config'>,
  link: { u: string; s: string },
  now = new Date(),
): Promise<void> {
  if (!checkDigestUnsubscribe(secretFor(deps.config, DIGEST_LINK_SECRET_NAME), link.u, link.s))
    throw new AppError('bad_request', messages.releaseDigestLinkInvalid);
  await setDigestOptout(deps.db, link.u, true, now.toISOString());
}
