import { messages } from '@shop/shared';
import { useParams } from 'react-router';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useConfirmNewsletterByLinkMutation } from './api';
import { NewsletterLinkCard } from './newsletter-link-card';

/** The double opt-in link's landing page: the button confirms the subscription. */
export default function NewsletterConfirmPage() {
  useDocumentMeta(messages.newsletterConfirmTitle);
  const { token = '' } = useParams();
  const [confirm, { isLoading }] = useConfirmNewsletterByLinkMutation();
  return (
    <NewsletterLinkCard
      title={messages.newsletterConfirmTitle}
      intro={messages.newsletterConfirmIntro}
      button={messages.newsletterConfirmButton}
      busy={isLoading}
      act={() => confirm(token).unwrap()}
    />
  );
}
