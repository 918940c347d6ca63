import type { AdminTaxSettings, taxSettingsInput } from '@shop/shared';
import { gstStateName } from '@shop/shared';
import type { z } from 'zod';
import { writeAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import type { TaxSettings } from '../../tax-config.js';
import { currentTaxSettings } from './tax-settings-current.js';
import { findSavedTaxSettings, saveTaxSettingsRow } from './tax-settings-repo.js';
import { storeSignature } from './tax-settings-signature.js';

type Deps = Pick<AppDeps, 'db' | 'config'>;

function view(settings: TaxSettings, saved: { updated_at: string; updated_by: string } | undefined): AdminTaxSettings {
  return {
    registered: settings.registered,
    legalName: settings.legalName,
    tradeName: settings.tradeName,
    address: settings.address,
    stateCode: settings.stateCode,
    gstin: settings.gstin,
    pan: settings.pan,
    sac: settings.sac,
    ratePercent: settings.rateBp / 100,
    prices: settings.pricesInclusive ? 'inclusive' : 'exclusive',
    invoicePrefix: settings.invoicePrefix,
    creditNotePrefix: settings.creditNotePrefix,
    exports: settings.exports,
    lutReference: settings.lutReference,
    hasSignature: settings.signature !== '',
    updatedAt: saved?.updated_at ?? null,
    updatedBy: saved?.updated_by ?? null,
  };
}

/** The settings in force as the console shows them (the TAX_* environment until the first save). */
export async function getTaxSettings({ db, config }: Deps): Promise<AdminTaxSettings> {
  return view(await currentTaxSettings(db, config.tax), await findSavedTaxSettings(db));
}

/**
 * Saves a change to the settings and its audit row in one transaction. Invoices issued afterwards use
 * the new settings; issued ones keep theirs (their data was frozen when issued).
 */
async function change(deps: Deps, actor: SessionUser, action: string, edit: (before: TaxSettings) => TaxSettings) {
  const now = new Date();
  await deps.db.transaction().execute(async (trx) => {
    const before = await currentTaxSettings(trx, deps.config.tax);
    const after = edit(before);
    await saveTaxSettingsRow(trx, JSON.stringify(after), actor.email, now);
    await writeAudit(trx, actor, { action, entity: 'tax_settings', entityId: 'shop', before, after }, now);
  });
  return getTaxSettings(deps);
}

/** `input` is the PUT's body as its schema parsed it (the console's admin scope checks the role first). */
export function saveTaxSettings(
  deps: Deps,
  actor: SessionUser,
  input: z.core.output<typeof taxSettingsInput>,
): Promise<AdminTaxSettings> {
  return change(deps, actor, 'tax_settings.saved', (before) => ({
    ...before,
    registered: input.registered,
    legalName: input.legalName,
    tradeName: input.tradeName,
    address: input.address,
    stateCode: input.stateCode,
    stateName: gstStateName(input.stateCode) ?? '',
    gstin: input.gstin,
    pan: input.pan,
    sac: input.sac,
    rateBp: Math.round(input.ratePercent * 100),
    pricesInclusive: input.prices === 'inclusive',
    invoicePrefix: input.invoicePrefix.toUpperCase(),
    creditNotePrefix: input.creditNotePrefix.toUpperCase(),
    exports: input.exports,
    lutReference: input.lutReference,
  }));
}

/** Stores an uploaded signature image (checked by content) and makes new invoices carry it. */
export async function saveSignature(deps: Deps, actor: SessionUser, bytes: Buffer): Promise<AdminTaxSettings> {
  const signature = await storeSignature(deps.config.dataDir, bytes);
  return change(deps, actor, 'tax_settings.signature_saved', (before) => ({ ...before, signature }));
}

/** New invoices go back to the "computer-generated, no signature required" line. */
export function removeSignature(deps: Deps, actor: SessionUser): Promise<AdminTaxSettings> {
  return change(deps, actor, 'tax_settings.signature_removed', (before) => ({ ...before, signature: '' }));
}
