import type { AppDeps } from '../../deps.js';

/** What fulfilment and revocation need from the app's dependencies. */
export function fulfilContext(deps: AppDeps) {
  return {
    db: deps.db,
    dbKind: deps.dbKind,
    mail: deps.mail,
    publicUrl: deps.config.publicUrl,
    siteName: deps.config.siteName,
  };
}
