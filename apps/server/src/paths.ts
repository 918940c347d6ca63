import fs from 'node:fs';
import path from 'node:path';

/**
 * The apps/server folder, whether this code runs from its TypeScript sources (tsx: tests, CLI, dev)
 * or from the bundle in dist/ that `npm start` runs. Files shipped beside the code are found from here.
 */
function findServerRoot(from: string): string {
  let dir = from;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === '@shop/server'
    ) {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the @shop/server package above ${from}`);
    dir = parent;
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
