import {
  acceptedResponse,
  accountPaths,
  changePasswordRequest,
  doneResponse,
  emailLinkRequest,
  errorResponse,
  forgotPasswordRequest,
  linkPreviewResponse,
  logoutResponse,
  messages,
  profileResponse,
  resetPasswordRequest,
  signedInResponse,
  signInRequest,
  signUpRequest,
  verifyEmailTokenRequest,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookie, requireUser, revokeSession, startSession } from '../../auth/session.js';
import { clearSignUpProof, hasSignUpProof, setSignUpProof } from '../../auth/sign-up-proof.js';
import { newToken } from '../../auth/tokens.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { changePassword } from './change-password.js';
import { TooManyAttemptsError } from './limits.js';
import { previewLink } from './preview-link.js';
import type { UserRow } from './repo.js';
import { resetPassword } from './reset-password.js';
import { sendPasswordReset } from './send-password-reset.js';
import { sendSignInLink } from './send-sign-in-link.js';
import { signInWithLink } from './sign-in-with-link.js';
import { signInWithPassword } from './sign-in-with-password.js';
import { signUp } from './sign-up.js';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse };

/** Where the client goes after a password sign-in: the operator to the admin area, learners home. */
function redirectUrlFor(user: UserRow): string {
  return user.role === 'admin' ? '/admin' : '/';
}

function signedIn(user: UserRow, message: string) {
  return {
    ok: true as const,
    success: true as const,
    message,
    redirectUrl: redirectUrlFor(user),
    username: user.username,
    email: user.email,
    role: user.role,
  };
}

export const sessionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  /**
   * The header's profile check. A visitor without a session gets 200 `{ ok: false }` rather than a 401:
   * the spec's client reads `ok`, and an expected "not signed in" should not show as a failed request.
   */
  app.get(accountPaths.profile, { schema: { response: { 200: profileResponse } } }, async (request) => {
    const user = request.user;
    if (!user) return { ok: false as const, message: messages.pleaseLogIn };
    return { ok: true as const, username: user.username, email: user.email, role: user.role };
  });

  /**
   * The spec's GET call stays as a harmless page that only goes home: SameSite=Lax cookies ride
   * top-level GETs from any site, so a link elsewhere must not end anyone's session.
   */
  app.get(accountPaths.logoutLink, { config: { skipSession: true } }, (_request, reply) => reply.redirect('/', 303));
  /** Logout is a POST, so the origin check stands in front of it. */
  app.post(accountPaths.logout, { schema: { response: { 200: logoutResponse } } }, async (request, reply) => {
    if (request.user) await revokeSession(db, request.user.sessionId);
    clearSessionCookie(reply, config);
    return { ok: true as const, message: messages.loggedOut };
  });
};

/** Sign-up, password sign-in, sign-in links and the landing page's token check (spec section 7). */
export const accountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config } = deps;

  // Errors still reach the app's error handler (rethrown); a 429 first gets its Retry-After header.
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', Math.ceil(error.retryAfterMs / 1000));
    throw error;
  });

  app.post(
    accountPaths.signUp,
    { schema: { body: signUpRequest, response: { 200: acceptedResponse, ...refusals } } },
    async (request, reply) => {
      const token = await signUp(deps, request.body, request.ip);
      setSignUpProof(reply, config, token ?? newToken());
      return { ok: true as const, success: true as const, message: messages.signedUp };
    },
  );

  app.post(
    accountPaths.signIn,
    { schema: { body: signInRequest, response: { 200: signedInResponse, ...refusals } } },
    async (request, reply) => {
      const outcome = await signInWithPassword(deps, request.body, request.ip);
      if ('unverified' in outcome) {
        if (outcome.resentToken) setSignUpProof(reply, config, outcome.resentToken);
        throw new AppError('forbidden', messages.verifyEmailFirst);
      }
      await startSession(db, config, request, reply, outcome.user.id);
      return signedIn(outcome.user, messages.signedIn);
    },
  );

  app.post(
    accountPaths.emailLink,
    { schema: { body: emailLinkRequest, response: { 200: acceptedResponse, ...refusals } } },
    async (request) => {
      await sendSignInLink(deps, request.body, request.ip);
      return { ok: true as const, success: true as const, message: messages.linkSent };
    },
  );

  app.post(
    accountPaths.verifyEmailToken,
    { schema: { body: verifyEmailTokenRequest, response: { 200: signedInResponse, ...refusals } } },
    async (request, reply) => {
      const { token } = request.body;
      const { user, purpose, passwordDropped } = await signInWithLink(db, token, {
        signUpBrowser: hasSignUpProof(request, token),
      });
      clearSignUpProof(reply, config);
      await startSession(db, config, request, reply, user.id);
      const message = passwordDropped
        ? messages.emailVerifiedPasswordDropped
        : purpose === 'sign_in'
          ? messages.signedIn
          : messages.emailVerified;
      return signedIn(user, message);
    },
  );

  app.post(
    accountPaths.changePassword,
    { schema: { body: changePasswordRequest, response: { 200: doneResponse, ...refusals } } },
    async (request, reply) => {
      const user = requireUser(request);
      await changePassword(db, user.id, request.body, request.ip);
      // Every session ended with the change; this browser continues on a fresh one.
      await startSession(db, config, request, reply, user.id);
      return { ok: true as const, message: messages.passwordChanged };
    },
  );

  app.post(
    accountPaths.forgotPassword,
    { schema: { body: forgotPasswordRequest, response: { 200: acceptedResponse, ...refusals } } },
    async (request) => {
      const { mailing } = await sendPasswordReset(deps, request.body, request.ip);
      mailing.catch((error: unknown) => request.log.error({ err: error }, 'mailing a password reset link failed'));
      return { ok: true as const, success: true as const, message: messages.resetLinkSent };
    },
  );

  app.post(
    accountPaths.resetPassword,
    { schema: { body: resetPasswordRequest, response: { 200: signedInResponse, ...refusals } } },
    async (request, reply) => {
      const user = await resetPassword(db, request.body, request.ip);
      await startSession(db, config, request, reply, user.id);
      return signedIn(user, messages.passwordResetDone);
    },
  );

  app.post(
    accountPaths.previewEmailToken,
    { schema: { body: verifyEmailTokenRequest, response: { 200: linkPreviewResponse, ...refusals } } },
    async (request) => previewLink(db, request.body.token, request.user),
  );
};
