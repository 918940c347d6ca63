import {
  type AdminTaxSettings,
  billingPaths,
  gstStates,
  messages,
  OUTSIDE_INDIA,
  type TaxSettingsInput,
  taxSettingsInput,
} from '@shop/shared';
import { type ReactNode, useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-resolver';
import { fieldErrors } from '../account';
import { AdminField } from './admin-field';
import { formatDateTime } from './format-date';
import {
  useGetTaxSettingsQuery,
  useRemoveSignatureMutation,
  useSaveTaxSettingsMutation,
  useUploadSignatureMutation,
} from './tax-settings-api';

const SIGNATURE_MAX_BYTES = 1024 * 1024;

function formValues(settings: AdminTaxSettings): TaxSettingsInput {
  const { hasSignature: _signature, updatedAt: _at, updatedBy: _by, ...values } = settings;
  return values;
}

type TextName = Exclude<FieldPath<TaxSettingsInput>, 'registered' | 'ratePercent' | 'prices' | 'exports' | 'stateCode'>;

function TaxSettingsForm({ settings }: { settings: AdminTaxSettings }) {
  const [save, { isLoading }] = useSaveTaxSettingsMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TaxSettingsInput>({ defaultValues: formValues(settings), resolver: schemaResolver(taxSettingsInput) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      toast.success((await save(values).unwrap()).message);
    } catch (error) {
      for (const [name, message] of Object.entries(fieldErrors(error)))
        setError(name as FieldPath<TaxSettingsInput>, { message });
      toast.error(errorMessage(error, 'The tax settings could not be saved. Please try again.'));
    }
  });

  const field = (
    name: FieldPath<TaxSettingsInput>,
    label: string,
    control: (describedBy?: string, invalid?: boolean) => ReactNode,
    hint?: string,
  ) => (
    <AdminField id={`tax-${name}`} label={label} error={errors[name]?.message} hint={hint}>
      {control}
    </AdminField>
  );
  const text = (name: TextName, label: string, hint?: string) =>
    field(
      name,
      label,
      (describedBy, invalid) => (
        <input
          id={`tax-${name}`}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(name)}
        />
      ),
      hint,
    );
  const select = (name: 'stateCode' | 'prices' | 'exports', label: string, options: ReactNode) =>
    field(name, label, (describedBy, invalid) => (
      <select id={`tax-${name}`} aria-describedby={describedBy} aria-invalid={invalid || undefined} {...register(name)}>
        {options}
      </select>
    ));

  return (
    <form className="admin-form admin-panel" onSubmit={onSubmit} noValidate aria-labelledby="tax-form-title">
      <h2 id="tax-form-title">GST registration and invoices</h2>
      <div className="admin-check">
        <input id="tax-registered" type="checkbox" {...register('registered')} />
        <label htmlFor="tax-registered">
          Registered for GST (otherwise documents are a Bill of Supply without tax)
        </label>
      </div>
      <div className="admin-grid">
        {text('legalName', 'Legal name')}
        {text('tradeName', 'Trade name')}
        {text('address', 'Address')}
        {select(
          'stateCode',
          'State',
          gstStates
            .filter((state) => state.code !== OUTSIDE_INDIA)
            .map((state) => (
              <option key={state.code} value={state.code}>
                {state.name} ({state.code})
              </option>
            )),
        )}
        {text('gstin', 'GSTIN', 'Its first two digits are the state code; the last character is checked.')}
        {text('pan', 'PAN')}
        {text('sac', 'SAC', '999293: commercial training and coaching')}
        {field('ratePercent', 'GST rate (%)', (describedBy, invalid) => (
          <input
            id="tax-ratePercent"
            type="number"
            step="0.01"
            min={0}
            max={28}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register('ratePercent', { valueAsNumber: true })}
          />
        ))}
        {select(
          'prices',
          'Course prices',
          <>
            <option value="inclusive">include GST (the tax is carved out of the price)</option>
            <option value="exclusive">exclude GST (added at checkout)</option>
          </>,
        )}
        {text('invoicePrefix', 'Invoice series prefix', 'Up to 3 characters: TS gives TS/26-27/000001')}
        {text('creditNotePrefix', 'Credit note series prefix')}
        {select(
          'exports',
          'Buyers outside India',
          <>
            <option value="igst">charge IGST</option>
            <option value="lut">zero-rated under a Letter of Undertaking</option>
          </>,
        )}
        {text('lutReference', 'LUT reference (for zero-rated supplies)')}
      </div>
      <div className="admin-actions">
        <button type="submit" className="btn" disabled={isLoading}>
          Save tax settings
        </button>
      </div>
    </form>
  );
}

function SignatureSection({ settings }: { settings: AdminTaxSettings }) {
  const id = useId();
  const [upload, { isLoading }] = useUploadSignatureMutation();
  const [remove] = useRemoveSignatureMutation();
  const [problem, setProblem] = useState<string | undefined>();
  const pick = async (file: File | undefined) => {
    setProblem(undefined);
    if (!file) return;
    if (file.size > SIGNATURE_MAX_BYTES) return setProblem(messages.taxSignatureTooLarge);
    try {
      toast.success((await upload(file).unwrap()).message);
    } catch (error) {
      setProblem(errorMessage(error, messages.taxSignatureBad));
    }
  };
  const drop = async () => {
    try {
      toast.success((await remove().unwrap()).message);
    } catch (error) {
      toast.error(errorMessage(error, 'The signature could not be removed. Please try again.'));
    }
  };
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Signature on invoices</h2>
      <p className="admin-hint">
        Without one, invoices say they are computer-generated and need no signature. Issued invoices keep what they were
        issued with.
      </p>
      {settings.hasSignature && (
        <p>
          <img
            src={`${billingPaths.adminSignature}?v=${encodeURIComponent(settings.updatedAt ?? '')}`}
            alt="Current signature"
            height="60"
          />
        </p>
      )}
      <div className="admin-field">
        <label htmlFor={id}>Signature image (PNG or JPEG, up to 1 MB)</label>
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          aria-describedby={problem ? `${id}-error` : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => pick(event.target.files?.[0])}
        />
        {isLoading && <p className="admin-hint">Uploading…</p>}
        {problem && (
          <p id={`${id}-error`} className="admin-error">
            {problem}
          </p>
        )}
      </div>
      {settings.hasSignature && (
        <button type="button" className="btn btn-outline" onClick={drop}>
          Remove the signature
        </button>
      )}
    </section>
  );
}

/** The shop's GST settings (issue 16): saved in the database, every change in the activity log. */
export function TaxSettingsPage() {
  const { data } = useGetTaxSettingsQuery();
  if (!data) return <p className="state-message">{messages.loading}</p>;
  return (
    <>
      <h1>Tax settings</h1>
      <p className="admin-hint">
        {data.updatedAt
          ? `Last changed ${formatDateTime(data.updatedAt)} by ${data.updatedBy}.`
          : 'These are the TAX_* defaults the shop started with; nothing has been saved here yet.'}
      </p>
      <TaxSettingsForm key={data.updatedAt ?? 'defaults'} settings={data} />
      <SignatureSection settings={data} />
    </>
  );
}
