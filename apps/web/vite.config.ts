import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { messages } from '../../packages/shared/src/messages';

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

const MESSAGE_MODULE = 'virtual:message/';

/**
 * The message catalogue split by message: `messages.couponApplied` in the web's and shared's code becomes
 * an import of a module holding that one string, so each chunk carries the messages it shows and the
 * entry no longer carries all 400 (8 KB gzip of every landing page's start-up script; decision 0026).
 * Sources keep `messages.x` (one catalogue, typed); only the production build rewrites it.
 */
function splitMessages(): Plugin {
  const catalogue = path.resolve(import.meta.dirname, '../../packages/shared/src/messages.ts');
  const isMessagesImport = (source: string) => source === '@shop/shared' || /(^|\/)messages(\.[jt]s)?$/.test(source);
  return {
    name: 'split-messages',
    apply: 'build',
    enforce: 'post',
    resolveId: (id) => (id.startsWith(MESSAGE_MODULE) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${MESSAGE_MODULE}`)) return null;
      const key = id.slice(MESSAGE_MODULE.length + 1) as keyof typeof messages;
      return `export default ${JSON.stringify(messages[key])};`;
    },
    transform(code, id) {
      if (id.startsWith('\0') || id.includes('/node_modules/') || path.resolve(id) === catalogue) return null;
      if (!/\.[jt]sx?$/.test(id) || !code.includes('messages')) return null;
      type AstNode = { type: string; start: number; end: number; [key: string]: unknown };
      const program = this.parse(code) as unknown as AstNode & { body: AstNode[] };
      // The names `messages` is imported under (`messages as texts` too).
      const names = new Set<string>();
      for (const node of program.body) {
        const source = (node.source as { value?: unknown } | undefined)?.value;
        if (node.type !== 'ImportDeclaration' || !isMessagesImport(String(source))) continue;
        for (const specifier of node.specifiers as AstNode[]) {
          const imported = specifier.imported as { name?: string; value?: string } | undefined;
          const local = specifier.local as { name: string };
          if (specifier.type === 'ImportSpecifier' && (imported?.name ?? imported?.value) === 'messages') {
            names.add(local.name);
          }
        }
      }
      if (names.size === 0) return null;
      // Every `messages.key` (a known key, not computed), found by walking the syntax tree.
      const uses: { start: number; end: number; key: string }[] = [];
      const visit = (value: unknown): void => {
        if (Array.isArray(value)) {
          for (const item of value) visit(item);
          return;
        }
        if (!value || typeof value !== 'object' || typeof (value as AstNode).type !== 'string') return;
        const node = value as AstNode;
        const object = node.object as AstNode | undefined;
        const property = node.property as AstNode | undefined;
        if (
          node.type === 'MemberExpression' &&
          !node.computed &&
          object?.type === 'Identifier' &&
          names.has(object.name as string) &&
          property?.type === 'Identifier' &&
          Object.hasOwn(messages, property.name as string)
        ) {
          uses.push({ start: node.start, end: node.end, key: property.name as string });
          return;
        }
        for (const key of Object.keys(node)) if (key !== 'type') visit(node[key]);
      };
      visit(program.body);
      if (uses.length === 0) return null;
      let output = code;
      for (const use of [...uses].sort((x, y) => y.start - x.start)) {
        output = `${output.slice(0, use.start)}__message_${use.key}${output.slice(use.end)}`;
      }
      const keys = [...new Set(uses.map((use) => use.key))];
      return {
        code: keys.map((key) => `import __message_${key} from '${MESSAGE_MODULE}${key}';\n`).join('') + output,
        map: null,
      };
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * The production build runs the React code on Preact's compat layer: react-dom alone is 64 KB gzip,
 * over half the home page's 100 KB budget (docs/decisions/0011-preact-runtime.md). Development keeps
 * real React for its warnings and fast refresh. To go back to React, delete these aliases.
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/**
 * `vite build --ssr src/entry-server.tsx` (the second half of `npm run build`) writes the server's
 * renderer of the public pages (decision 0026) to dist-server/: the same components on the same
 * Preact, every package bundled in so the aliases reach them too (react-redux and wouter import `react`).
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), splitMessages(), ...(isSsrBuild ? [] : [precompress()])],
  resolve: { alias: command === 'build' ? preactAliases : [] },
  ssr: { noExternal: true },
  publicDir: isSsrBuild ? false : 'public',
  build: { target: 'es2022', sourcemap: false, reportCompressedSize: false, manifest: !isSsrBuild },
  server: { proxy: { '/api': apiTarget, '/auth': apiTarget, '/uploads': apiTarget, '/sandbox': apiTarget } },
}));
