import { googlePaths, messages } from '@shop/shared';
import { siteConfig } from '../../lib/site-config';

/**
 * 'Continue with google' and the 'or' divider, only when the server has Google configured (site-config
 * says so, on the server's render too). A full navigation: the server starts the OAuth flow.
 */
export function GoogleLink() {
  if (!siteConfig.googleSignIn) return null;
  return (
    <>
      <a href={googlePaths.start} className="btn btn-outline btn-block google-link">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            fill="#4285F4"
            d="M22.6 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h6a5.1 5.1 0 0 1-2.2 3.4v2.8h3.6c2-1.9 3.2-4.7 3.2-8.2z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.9A11 11 0 0 0 12 23z"
          />
          <path fill="#FBBC05" d="M5.8 14c-.2-.7-.4-1.3-.4-2s.1-1.4.4-2V7.1H2.1a11 11 0 0 0 0 9.8L5.8 14z" />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.1 7.1L5.8 10C6.7 7.3 9.1 5.4 12 5.4z"
          />
        </svg>
        {messages.continueWithGoogle}
      </a>
      <div className="auth-divider">
        <span>or</span>
      </div>
    </>
  );
}
