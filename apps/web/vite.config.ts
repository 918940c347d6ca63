import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes .br and .gz beside each compressible build file, so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|xml)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * The production build runs the React code on Preact's compat layer: react-dom alone is 64 KB gzip,
 * over half the home page's 100 KB budget (docs/decisions/0011-preact-runtime.md). Development keeps
 * real React for its warnings and fast refresh. To go back to React, delete these aliases.
 */
const routerBuild = (file: string) =>
  path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production', file);

const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  // React Router's package exports only its development build (warnings, invariant messages, dev-only
  // checks); its production build sits beside it and is what a production bundle should carry.
  { find: /^react-router$/, replacement: routerBuild('index.mjs') },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: { alias: command === 'build' ? preactAliases : [] },
  build: { target: 'es2022', sourcemap: false, reportCompressedSize: false, manifest: true },
  server: { proxy: { '/api': apiTarget, '/auth': apiTarget, '/uploads': apiTarget, '/sandbox': apiTarget } },
}));
