import type { Migration } from 'kysely';
import * as catalog from './001-catalog.js';
import * as accounts from './002-accounts.js';
import * as content from './003-content.js';
import * as authTokens from './004-auth-tokens.js';
import * as cartCoupons from './005-cart-coupons.js';
import * as orders from './006-orders.js';
import * as learning from './007-learning.js';
import * as admin from './008-admin.js';
import * as taxDocuments from './009-tax-documents.js';
import * as accountLinkPurposes from './010-account-link-purposes.js';
import * as taxSettings from './011-tax-settings.js';
import * as newsletterDoubleOptIn from './012-newsletter-double-opt-in.js';
import * as mailAttachments from './013-mail-attachments.js';
import * as sectionsAndLessons from './015-sections-and-lessons.js';
import * as lessonProgress from './016-lesson-progress.js';
import * as reviews from './017-reviews.js';
import * as certificates from './018-certificates.js';
import * as lessonNotes from './019-lesson-notes.js';
import * as lessonSummaries from './020-lesson-summaries.js';
import * as mailDueIndexes from './021-mail-due-indexes.js';
import * as paymentProviderInCode from './023-payment-provider-in-code.js';
import * as lessonVideos from './024-lesson-videos.js';
import * as videoPlayback from './025-video-playback.js';
import * as instanceSettings from './026-instance-settings.js';
import * as orderTaxBasis from './027-order-tax-basis.js';
import * as exportClaims from './029-export-claims.js';
import * as watchedTimeAndReissues from './030-watched-time-and-reissues.js';
import * as videoKeyFetches from './031-video-key-fetches.js';
import * as bundles from './032-bundles.js';
import * as plans from './033-plans.js';
import * as sandboxSubscriptions from './034-sandbox-subscriptions.js';
import * as subscriptions from './035-subscriptions.js';
import * as subscriptionChargeDocuments from './036-subscription-charge-documents.js';
import * as instalmentPlans from './037-instalment-plans.js';
import * as subscriptionReplacements from './038-subscription-replacements.js';
import * as memberNotices from './039-member-notices.js';
import * as sandboxSubscriptionExpiry from './040-sandbox-subscription-expiry.js';
import * as bundleInstalments from './041-bundle-instalments.js';
import * as liveSessions from './042-live-sessions.js';
import * as cohorts from './043-cohorts.js';
import * as lessonRelease from './044-lesson-release.js';
import * as liveRecordings from './045-live-recordings.js';
import * as community from './046-community.js';

/** Every migration, in order. Listed by hand so a bundled or compiled server finds them all. */
export const migrations: Record<string, Migration> = {
  '001-catalog': catalog,
  '002-accounts': accounts,
  '003-content': content,
  '004-auth-tokens': authTokens,
  '005-cart-coupons': cartCoupons,
  '006-orders': orders,
  '007-learning': learning,
  '008-admin': admin,
  '009-tax-documents': taxDocuments,
  '010-account-link-purposes': accountLinkPurposes,
  '011-tax-settings': taxSettings,
  '012-newsletter-double-opt-in': newsletterDoubleOptIn,
  '013-mail-attachments': mailAttachments,
  '015-sections-and-lessons': sectionsAndLessons,
  '016-lesson-progress': lessonProgress,
  '017-reviews': reviews,
  '018-certificates': certificates,
  '019-lesson-notes': lessonNotes,
  '020-lesson-summaries': lessonSummaries,
  '021-mail-due-indexes': mailDueIndexes,
  '023-payment-provider-in-code': paymentProviderInCode,
  '024-lesson-videos': lessonVideos,
  '026-instance-settings': instanceSettings,
  '025-video-playback': videoPlayback,
  '027-order-tax-basis': orderTaxBasis,
  '029-export-claims': exportClaims,
  '030-watched-time-and-reissues': watchedTimeAndReissues,
  '031-video-key-fetches': videoKeyFetches,
  '032-bundles': bundles,
  '033-plans': plans,
  '034-sandbox-subscriptions': sandboxSubscriptions,
  '035-subscriptions': subscriptions,
  '036-subscription-charge-documents': subscriptionChargeDocuments,
  '037-instalment-plans': instalmentPlans,
  '038-subscription-replacements': subscriptionReplacements,
  '039-member-notices': memberNotices,
  '040-sandbox-subscription-expiry': sandboxSubscriptionExpiry,
  '041-bundle-instalments': bundleInstalments,
  '042-live-sessions': liveSessions,
  '043-cohorts': cohorts,
  '044-lesson-release': lessonRelease,
  '045-live-recordings': liveRecordings,
  '046-community': community,
};
