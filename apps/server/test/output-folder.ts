import fs from 'node:fs';
import path from 'node:path';

/** A new folder under `parent` holding `files` (relative name -> text), as a transcode's output would. */
export function outputFolder(parent: string, files: Record<string, string>): string {
  const folder = fs.mkdtempSync(path.join(parent, 'out-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), text);
  }
  return folder;
}
