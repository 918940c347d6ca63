import { messages } from '@shop/shared';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useUploadThumbnailMutation } from './api';

interface ThumbnailFieldProps {
  value: string;
  error?: string;
  onChange: (thumb: string) => void;
}

const MAX_BYTES = 5 * 1024 * 1024;

/** Picks an image and uploads it at once; the server checks it, resizes it and answers its address. */
export function ThumbnailField({ value, error, onChange }: ThumbnailFieldProps) {
  const id = useId();
  const [upload, { isLoading, error: uploadError, reset }] = useUploadThumbnailMutation();
  const [tooLarge, setTooLarge] = useState(false);
  const shownError = tooLarge
    ? messages.adminImageTooLarge
    : uploadError
      ? errorMessage(uploadError, 'The image could not be uploaded.')
      : error;
  const pick = async (file: File | undefined) => {
    reset();
    setTooLarge(Boolean(file && file.size > MAX_BYTES));
    if (!file || file.size > MAX_BYTES) return;
    const result = await upload(file);
    if ('data' in result && result.data) onChange(result.data);
  };
  return (
    <div className="admin-field">
      <label htmlFor={id}>Thumbnail image (PNG, JPEG or WebP, up to 5 MB)</label>
      <div className="admin-thumb-row">
        {value && <img src={value} alt="Current thumbnail" width="175" height="109" className="admin-thumb" />}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-describedby={shownError ? `${id}-error` : undefined}
          aria-invalid={shownError ? true : undefined}
          onChange={(event) => pick(event.target.files?.[0])}
        />
      </div>
      {isLoading && <p className="admin-hint">Uploading…</p>}
      {shownError && (
        <p id={`${id}-error`} className="admin-error">
          {shownError}
        </p>
      )}
    </div>
  );
}
