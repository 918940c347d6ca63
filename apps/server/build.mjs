// Bundles the server's TypeScript (and the shared package) into dist/server.mjs for `npm start`:
// one file, plain JavaScript, no TypeScript loader in memory. Dependencies stay in node_modules.
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: path.join(here, 'dist/server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '@shop/shared': path.join(here, '../../packages/shared/src/index.ts') },
  sourcemap: 'linked',
  logLevel: 'warning',
});
