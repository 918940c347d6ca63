import type { AppDeps } from '../../deps.js';
import type { FulfilContext } from './fulfil-order.js';

/** What fulfilment and revocation need from the app's dependencies. */
export function fulfilContext(deps: AppDeps): FulfilContext {
  return {
    gateway: deps.gateway,
    db: deps.db,
    dbKind: deps.dbKind,
    mail: deps.mail,
    publicUrl: deps.config.publicUrl,
    siteName: deps.config.siteName,
    tax: deps.config.tax,
  };
}
