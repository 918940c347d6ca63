import { messages, type VideoSettingsInput, videoSettingsInput } from '@shop/shared';
import { useForm } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-resolver';
import { AdminField } from './admin-field';
import { useGetVideoSettingsQuery, useSaveVideoSettingsMutation } from './video-settings-api';

function VideoSettingsForm({ settings }: { settings: VideoSettingsInput }) {
  const [save, { isLoading }] = useSaveVideoSettingsMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<VideoSettingsInput>({ defaultValues: settings, resolver: schemaResolver(videoSettingsInput) });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save(values).unwrap();
      toast.success(messages.videoSettingsSaved);
    } catch (error) {
      toast.error(errorMessage(error, messages.videoSettingsSaveFailed));
    }
  });
  const number = (name: keyof VideoSettingsInput, label: string, max: number) => (
    <AdminField id={`video-${name}`} label={label} error={errors[name]?.message}>
      {(describedBy, invalid) => (
        <input
          id={`video-${name}`}
          type="number"
          min={1}
          max={max}
          step={1}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(name, { valueAsNumber: true })}
        />
      )}
    </AdminField>
  );
  return (
    <form className="admin-form admin-panel" onSubmit={onSubmit} noValidate aria-labelledby="video-form-title">
      <h2 id="video-form-title">Device limit</h2>
      <div className="admin-grid">
        {number('maxDevices', messages.videoMaxDevices, 20)}
        {number('maxSignInDevicesPerDay', messages.videoMaxSignInDevices, 100)}
      </div>
      <div className="admin-actions">
        <button type="submit" className="btn" disabled={isLoading}>
          Save video settings
        </button>
      </div>
    </form>
  );
}

/** The console's video settings: how many devices may play one learner's courses at once, and the flag. */
export function VideoSettingsPage() {
  const { data, error, isLoading } = useGetVideoSettingsQuery();
  return (
    <section aria-labelledby="video-settings-title">
      <h1 id="video-settings-title">{messages.videoSettingsTitle}</h1>
      {isLoading && <p className="state-message">{messages.loading}</p>}
      {error && (
        <p className="state-message" role="alert">
          {errorMessage(error, messages.videoSettingsLoadFailed)}
        </p>
      )}
      {data && <VideoSettingsForm settings={data} />}
    </section>
  );
}
