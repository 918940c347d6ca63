import { messages } from '@shop/shared';
import { useParams } from 'wouter';
import { MailedLinkCard } from '../../components/ui/mailed-link-card';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { useLocation } from '../../lib/navigation';
import { useConfirmAccountDeletionMutation } from './api';
import './account.css';

/**
 * The mailed deletion link's landing page, and the page shown after a deletion ('done'). Loading it
 * deletes nothing (mail scanners follow links): only the button does.
 */
export default function DeleteAccountPage() {
  useDocumentMeta(messages.deleteConfirmTitle);
  const { token = '' } = useParams();
  const location = useLocation();
  const [confirm, { isLoading }] = useConfirmAccountDeletionMutation();
  const dispatch = useAppDispatch();
  const stateMessage = (location.state as { message?: unknown } | null)?.message;
  return (
    <MailedLinkCard
      title={messages.deleteAccountTitle}
      heading={messages.deleteConfirmTitle}
      intro={messages.deleteAccountIntro}
      button={messages.deleteAccountButton}
      busy={isLoading}
      invalid={messages.deleteLinkInvalid}
      doneAlready={
        token === 'done' ? (typeof stateMessage === 'string' ? stateMessage : messages.accountDeleted) : null
      }
      act={async () => {
        const result = await confirm(token).unwrap();
        dispatch(api.util.resetApiState());
        return result;
      }}
    />
  );
}
