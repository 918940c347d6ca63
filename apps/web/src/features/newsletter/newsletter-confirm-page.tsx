import { messages } from '@shop/shared';
import { useParams } from 'wouter';
import { MailedLinkCard } from '../../components/ui/mailed-link-card';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useConfirmNewsletterByLinkMutation } from './api';

/** The double opt-in link's landing page: the button confirms the subscription. */
export default function NewsletterConfirmPage() {
  useDocumentMeta(messages.newsletterConfirmTitle);
  const { token = '' } = useParams();
  const [confirm, { isLoading }] = useConfirmNewsletterByLinkMutation();
  return (
    <MailedLinkCard
      title={messages.newsletterConfirmTitle}
      intro={messages.newsletterConfirmIntro}
      button={messages.newsletterConfirmButton}
      busy={isLoading}
      invalid={messages.newsletterConfirmInvalid}
      act={() => confirm(token).unwrap()}
    />
  );
}
