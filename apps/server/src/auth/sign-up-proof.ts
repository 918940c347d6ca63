import { createHash, timingSafeEqual } from 'node:crypto';
import { accountPaths } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * Which browser chose a never-verified account's password. Whoever signs up receives, with the
 * answer, a cookie derived from the verification token that goes by mail: only the browser that set
 * the password and then opens the mailed link holds both. A stranger who signed up first with
 * someone else's address has the cookie but never sees the link; the mailbox's owner sees the link
 * but has no cookie, so their click drops the stranger's password (pre-hijacking).
 */
const COOKIE = 'signup_proof';
const PATH = accountPaths.verifyEmailToken;

function proofFor(token: string): string {
  return createHash('sha256').update(`sign-up-browser:${token}`).digest('base64url');
}

function cookieOptions(config: Config) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.publicUrl.startsWith('https:'), path: PATH };
}

/** Set on every sign-up answer (with a throw-away token when none was mailed), so answers look alike. */
export function setSignUpProof(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(COOKIE, proofFor(token), { ...cookieOptions(config), maxAge: 24 * 60 * 60 });
}

export function hasSignUpProof(request: FastifyRequest, token: string): boolean {
  const presented = Buffer.from(request.cookies[COOKIE] ?? '');
  const expected = Buffer.from(proofFor(token));
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

export function clearSignUpProof(reply: FastifyReply, config: Config): void {
  reply.clearCookie(COOKIE, cookieOptions(config));
}
