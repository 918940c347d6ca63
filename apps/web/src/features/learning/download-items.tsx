import { messages } from '@shop/shared';
import './download-items.css';

/** A course's or lesson's files as list items, each a download link named by the file. */
export function DownloadItems({ files, className }: { files: { fileUrl: string; name: string }[]; className: string }) {
  return files.map((file) => (
    <li key={file.fileUrl}>
      <a href={file.fileUrl} download={file.name} className={className}>
        {messages.download} <span className="enrolled-file-name">{file.name}</span>
      </a>
    </li>
  ));
}
