import { messages } from '@shop/shared';
import { useParams } from 'wouter';
import { MailedLinkCard } from '../../components/ui/mailed-link-card';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useUnsubscribeByLinkMutation } from './api';

/** The unsubscribe link at the foot of every newsletter: no sign-in, one button. */
export default function NewsletterUnsubscribePage() {
  useDocumentMeta(messages.newsletterUnsubscribeTitle);
  const { token = '' } = useParams();
  const [unsubscribe, { isLoading }] = useUnsubscribeByLinkMutation();
  return (
    <MailedLinkCard
      title={messages.newsletterUnsubscribeTitle}
      intro={messages.newsletterUnsubscribeIntro}
      button={messages.unsubscribeNewsletter}
      busy={isLoading}
      invalid={messages.newsletterConfirmInvalid}
      act={() => unsubscribe(token).unwrap()}
    />
  );
}
