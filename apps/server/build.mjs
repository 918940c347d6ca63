// Bundles the server's TypeScript (and the shared package) into dist/server.mjs for `npm start`:
// one file, plain JavaScript, no TypeScript loader in memory. Dependencies stay in node_modules.
// `node build.mjs OUTFILE` writes the bundle (and its map beside it) elsewhere (bundle.test.ts).
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: process.argv[2] ? path.resolve(process.argv[2]) : path.join(here, 'dist/server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '@shop/shared': path.join(here, '../../packages/shared/src/index.ts') },
  sourcemap: 'linked',
  // Positions only, no copy of the sources: with --enable-source-maps Node keeps a loaded map's sources
  // in memory (15 MB of the server's resident memory for this bundle), and mapping a stack trace to
  // src/…:line needs only the positions.
  sourcesContent: false,
  logLevel: 'warning',
});
