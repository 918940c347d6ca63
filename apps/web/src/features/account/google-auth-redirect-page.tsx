import { messages } from '@shop/shared';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useNavigate, useSearchParams } from '../../lib/navigation';
import { AuthCard } from './auth-card';

const REDIRECT_AFTER_MS = 3500;

/** What the server's callback may put in `?message=`; the page shows no other text from the URL. */
const callbackMessages: readonly string[] = [
  messages.googleSignedIn,
  messages.googleFailed,
  messages.googleUnavailable,
  messages.googleEmailUnverified,
  messages.googleEmailInUse,
  messages.accountUnavailable,
];

/**
 * Where the server's Google callback lands (the session cookie is already set). Shows the callback's
 * message, then goes home after 3.5 seconds. Only the callback's own messages are shown, so a crafted
 * link cannot put its own text on this page.
 */
export default function GoogleAuthRedirectPage() {
  useDocumentMeta('Google Sign-in');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const received = searchParams.get('message') ?? '';
  const message = callbackMessages.includes(received) ? received : messages.socialTryAgain;

  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/', { replace: true }), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <AuthCard banner="Google Sign-in" landing>
      <h2>{messages.redirecting}</h2>
      <p className="form-notice" role="status">
        {message}
      </p>
      <Link to="/" className="btn">
        {messages.goToHomeButton}
      </Link>
    </AuthCard>
  );
}
