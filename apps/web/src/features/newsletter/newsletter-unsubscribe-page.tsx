import { messages } from '@shop/shared';
import { useParams } from 'react-router';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useUnsubscribeByLinkMutation } from './api';
import { NewsletterLinkCard } from './newsletter-link-card';

/** The unsubscribe link at the foot of every newsletter: no sign-in, one button. */
export default function NewsletterUnsubscribePage() {
  useDocumentMeta(messages.newsletterUnsubscribeTitle);
  const { token = '' } = useParams();
  const [unsubscribe, { isLoading }] = useUnsubscribeByLinkMutation();
  return (
    <NewsletterLinkCard
      title={messages.newsletterUnsubscribeTitle}
      intro={messages.newsletterUnsubscribeIntro}
      button={messages.unsubscribeNewsletter}
      busy={isLoading}
      act={() => unsubscribe(token).unwrap()}
    />
  );
}
