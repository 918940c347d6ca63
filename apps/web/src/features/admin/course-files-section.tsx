import { type FormEvent, useId, useRef } from 'react';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useDeleteCourseFileMutation, useListCourseFilesQuery, useUploadCourseFileMutation } from './api';
import { formatDateTime } from './format-date';

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Files the course's learners can download (through signed links); kept private on the server. */
export function CourseFilesSection({ courseId }: { courseId: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { data: files } = useListCourseFilesQuery(courseId);
  const [upload, { isLoading }] = useUploadCourseFileMutation();
  const [remove] = useDeleteCourseFileMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      toast.error('Choose a file first.');
      return;
    }
    try {
      await upload({ courseId, file }).unwrap();
      toast.success(`${file.name} is uploaded.`);
      if (input.current) input.current.value = '';
    } catch (error) {
      toast.error(errorMessage(error, 'The file could not be uploaded. Please try again.'));
    }
  };
  const drop = async (fileId: string, name: string) => {
    if (!window.confirm(`Delete ${name}? Learners will no longer be able to download it.`)) return;
    try {
      await remove({ courseId, fileId }).unwrap();
      toast.success(`${name} is deleted.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The file could not be deleted. Please try again.'));
    }
  };

  return (
    <section className="admin-panel" aria-labelledby="course-files-title">
      <h2 id="course-files-title">Downloadable files</h2>
      {files && files.length === 0 && <p>No files yet.</p>}
      <ul className="admin-plain-list">
        {files?.map((file) => (
          <li key={file.id}>
            {file.name} ({formatSize(file.sizeBytes)}, {formatDateTime(file.createdAt)}){' '}
            <button
              type="button"
              className="btn btn-small btn-outline"
              onClick={() => drop(file.id, file.name)}
              aria-label={`Delete ${file.name}`}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form className="admin-search" onSubmit={submit}>
        <div className="admin-field">
          <label htmlFor={inputId}>File for learners (PDF, sheet, document, ZIP or image, up to 50 MB)</label>
          <input
            id={inputId}
            ref={input}
            type="file"
            accept=".pdf,.zip,.csv,.txt,.xls,.xlsx,.docx,.pptx,.png,.jpg,.jpeg,.webp"
          />
        </div>
        <button type="submit" className="btn" disabled={isLoading}>
          {isLoading ? 'Uploading…' : 'Upload file'}
        </button>
      </form>
    </section>
  );
}
