import { learningPaths } from '@shop/shared';
import { checkExpiringSignature, hmacHex } from '../../auth/signatures.js';

/** How long a download link works after the page asked for it. */
export const FILE_LINK_SECONDS = 10 * 60;
/** The file in DATA_DIR holding this installation's link-signing secret. */
export const FILE_LINK_SECRET_NAME = 'file-link-secret';

export interface FileLink {
  fileId: string;
  userId: string;
  /** Unix seconds, as written in the link. */
  expiry: string;
  signature: string;
}

export type FileLinkCheck = 'valid' | 'invalid' | 'expired';

function signedText(fileId: string, userId: string, expiry: string): string {
  return `${fileId}|${userId}|${expiry}`;
}

/** Signed links by secret, then by file and learner: the same link is handed out while its expiry stays the same. */
const signedLinks = new Map<string, Map<string, { expiry: string; link: string }>>();
const MAX_KEPT_LINKS = 20_000;

/**
 * A download link for one learner and one file: HMAC-SHA256 over file, user and expiry. The expiry is
 * rounded down to the minute, so a link works for 9 to 10 minutes after the page asked for it, and the
 * player's every opening within one minute gets the same link without signing it again.
 */
export function signFileLink(secret: string, fileId: string, userId: string, now = new Date()): string {
  const expirySeconds = Math.floor(now.getTime() / 1000) + FILE_LINK_SECONDS;
  const expiry = String(expirySeconds - (expirySeconds % 60));
  let links = signedLinks.get(secret);
  if (!links) {
    // One secret per installation; a test run makes many.
    if (signedLinks.size >= 16) signedLinks.clear();
    links = new Map();
    signedLinks.set(secret, links);
  }
  const key = `${fileId}|${userId}`;
  const kept = links.get(key);
  if (kept?.expiry === expiry) return kept.link;
  const signature = hmacHex(secret, signedText(fileId, userId, expiry));
  // Written out rather than through URLSearchParams: the player asks for these on every opening.
  const link = `${learningPaths.file.replace(':fileId', encodeURIComponent(fileId))}?u=${encodeURIComponent(userId)}&e=${expiry}&s=${signature}`;
  if (links.size >= MAX_KEPT_LINKS) links.clear();
  links.set(key, { expiry, link });
  return link;
}

/** Whether a download link is genuine and still working (checkExpiringSignature). */
export function checkFileLink(secret: string, link: FileLink, now = new Date()): FileLinkCheck {
  return checkExpiringSignature(
    secret,
    signedText(link.fileId, link.userId, link.expiry),
    link.expiry,
    link.signature,
    now,
  );
}
