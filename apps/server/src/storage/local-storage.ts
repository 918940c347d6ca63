import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkedKey, type ObjectStorage } from './object-storage.js';

function missing(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
  throw error;
}

/** Objects as files under DATA_DIR, at their key's path: today's layout, so an existing data folder keeps working. */
export function createLocalStorage(dataDir: string): ObjectStorage {
  const fileOf = (key: string) => path.join(dataDir, checkedKey(key));
  // Written beside the target and renamed over it, so a reader never sees a half-written file.
  const writeVia = async (key: string, write: (temporary: string) => Promise<void>) => {
    const target = fileOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.partial-${randomBytes(4).toString('hex')}`;
    try {
      await write(temporary);
      await fsp.rename(temporary, target);
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw error;
    }
  };
  const size = async (key: string) => {
    const stat = await fsp.stat(fileOf(key)).catch(missing);
    return stat?.isFile() ? stat.size : null;
  };

  return {
    kind: 'local',
    put: (key, body) => writeVia(key, (temporary) => fsp.writeFile(temporary, body, { flag: 'wx' })),
    putFile: (key, localFile) =>
      writeVia(key, (temporary) => pipeline(fs.createReadStream(localFile), fs.createWriteStream(temporary))),
    async get(key) {
      const bytes = await size(key);
      if (bytes === null) return null;
      return { body: fs.createReadStream(fileOf(key)), size: bytes };
    },
    size,
    exists: async (key) => (await size(key)) !== null,
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const root = path.join(dataDir, checkedKey(prefix.replace(/\/$/, '')));
      const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch(missing);
      return (entries ?? [])
        .filter((entry) => entry.isFile() && !entry.name.includes('.partial-'))
        .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .sort();
    },
    presignedUrl: async () => null,
    async check() {
      await fsp.mkdir(dataDir, { recursive: true });
      await fsp.access(dataDir, fs.constants.W_OK);
    },
  };
}
