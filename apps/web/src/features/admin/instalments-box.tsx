import { type AdminInstalmentsInput, adminInstalmentsInput, MAX_INSTALMENTS, messages } from '@shop/shared';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-resolver';
import { AdminField } from './admin-field';
import { fieldMessagesOf } from './field-messages';
import { useGetCourseInstalmentsQuery, useSaveCourseInstalmentsMutation } from './instalments-api';

const asNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/**
 * The course editor's Instalments box (decision 0038): the course offered as 2 to 12 monthly payments of a
 * set amount, or not at all (0). The ₹15,000 e-mandate warning is shown after a save, as for plans.
 */
export function InstalmentsBox({ courseId }: { courseId: string }) {
  const { data, isLoading } = useGetCourseInstalmentsQuery(courseId);
  if (isLoading || !data) return null;
  return <InstalmentsForm courseId={courseId} initial={data.instalments} />;
}

function InstalmentsForm({
  courseId,
  initial,
}: {
  courseId: string;
  initial: { count: number; amount: number } | null;
}) {
  const [save, { isLoading }] = useSaveCourseInstalmentsMutation();
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
      const saved = await save({ id: courseId, input: values.count === 0 ? { count: 0 } : values }).unwrap();
      setWarnings(saved.warnings);
      toast.success(saved.instalments ? messages.instalmentsSaved : messages.instalmentsRemoved);
    } catch (error) {
      const fields = fieldMessagesOf(error) ?? {};
      for (const [name, message] of Object.entries(fields))
        setError(name as FieldPath<AdminInstalmentsInput>, { message });
      toast.error(errorMessage(error, 'The instalments could not be saved. Please try again.'));
    }
  });

  return (
    <form className="admin-form admin-panel" onSubmit={onSubmit} noValidate aria-labelledby="instalments-title">
      <h2 id="instalments-title">{messages.instalmentsConsoleTitle}</h2>
      <p className="admin-hint">{messages.instalmentsConsoleHelp}</p>
      <div className="admin-grid">
        <AdminField id="instalments-count" label={messages.instalmentsCount} error={errors.count?.message}>
          {(describedBy, invalid) => (
            <input
              id="instalments-count"
              type="number"
              min={0}
              max={MAX_INSTALMENTS}
              step={1}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('count', { setValueAs: (value) => asNumber(value) ?? 0 })}
            />
          )}
        </AdminField>
        <AdminField id="instalments-amount" label={messages.instalmentsAmount} error={errors.amount?.message}>
          {(describedBy, invalid) => (
            <input
              id="instalments-amount"
              type="number"
              min={1}
              step="0.01"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('amount', { setValueAs: asNumber })}
            />
          )}
        </AdminField>
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
