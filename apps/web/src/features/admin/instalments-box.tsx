import { type AdminInstalmentsInput, adminInstalmentsInput, MAX_INSTALMENTS, messages } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { schemaResolver } from '../../lib/schema-resolver';
import { AdminInput } from './admin-field';
import { showSaveError } from './field-messages';
import { type InstalmentsTarget, useGetInstalmentsQuery, useSaveInstalmentsMutation } from './instalments-api';

const asNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

interface BoxProps {
  /** The course's or the bundle's offer: `planPaths.adminCourseInstalments` or `adminBundleInstalments`. */
  target: InstalmentsTarget;
  /** What the box offers, in a sentence (the course's text by default). */
  help?: string;
}

/**
 * The Instalments box of the course editor and the bundle editor (decision 0038): the course or bundle offered
 * as 2 to 12 monthly payments of a set amount, or not at all (0). The ₹15,000 e-mandate warning is shown after
 * a save, as for plans.
 */
export function InstalmentsBox({ target, help = messages.instalmentsConsoleHelp }: BoxProps) {
  const { data, isLoading } = useGetInstalmentsQuery(target);
  if (isLoading || !data) return null;
  return <InstalmentsForm target={target} help={help} initial={data.instalments} />;
}

function InstalmentsForm({
  target,
  help,
  initial,
}: Required<BoxProps> & { initial: { count: number; amount: number } | null }) {
  const [save, { isLoading }] = useSaveInstalmentsMutation();
  const [warnings, setWarnings] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdminInstalmentsInput>({
    defaultValues: initial ? { count: initial.count, amount: initial.amount } : { count: 0 },
    resolver: schemaResolver(adminInstalmentsInput),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save({ ...target, input: values.count === 0 ? { count: 0 } : values }).unwrap();
      setWarnings(saved.warnings);
      toast.success(saved.instalments ? messages.instalmentsSaved : messages.instalmentsRemoved);
    } catch (error) {
      showSaveError(error, setError, 'The instalments could not be saved. Please try again.');
    }
  });

  return (
    <form className="admin-form admin-panel" onSubmit={onSubmit} noValidate aria-labelledby="instalments-title">
      <h2 id="instalments-title">{messages.instalmentsConsoleTitle}</h2>
      <p className="admin-hint">{help}</p>
      <div className="admin-grid">
        <AdminInput
          id="instalments-count"
          label={messages.instalmentsCount}
          error={errors.count?.message}
          type="number"
          min={0}
          max={MAX_INSTALMENTS}
          step={1}
          registration={register('count', { setValueAs: (value) => asNumber(value) ?? 0 })}
        />
        <AdminInput
          id="instalments-amount"
          label={messages.instalmentsAmount}
          error={errors.amount?.message}
          type="number"
          min={1}
          step="0.01"
          registration={register('amount', { setValueAs: asNumber })}
        />
      </div>
      {warnings.length > 0 && (
        <div role="status">
          {warnings.map((warning) => (
            <p key={warning}>{warning}</p>
          ))}
        </div>
      )}
      <button type="submit" className="btn" disabled={isLoading} aria-busy={isLoading || undefined}>
        {messages.instalmentsSave}
      </button>
    </form>
  );
}
