import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

type Entry = { file: string; imports?: string[]; isEntry?: boolean; src?: string; isDynamicEntry?: boolean };

/** The repository's root (not shop-process's: the web's bundle-budget test imports this file alone). */
const root = path.resolve(import.meta.dirname, '..');

/**
 * gzip sizes from the production build's manifest (`dist`: the build's folder): the home page's JavaScript
 * and each lazily loaded chunk with what it imports beyond the entry (`src`: its source, `route`: its name).
 */
export function bundleSizes(dist = path.join(root, 'apps/web/dist')) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Entry>;
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const kb = (keys: Iterable<string>) =>
    Math.round(([...keys].reduce((sum, key) => sum + gz(manifest[key]?.file ?? ''), 0) / 1024) * 10) / 10;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
  const entryFiles = closure(entryKey);
  const routes = Object.entries(manifest)
    .filter(([, entry]) => entry.isDynamicEntry)
    .map(([key, entry]) => ({
      route: path.basename(entry.src ?? key),
      src: entry.src ?? key,
      gzipKb: kb([...closure(key)].filter((k) => !entryFiles.has(k))),
    }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
  const homeKey = Object.keys(manifest).find((key) => key.endsWith('features/home/home-page.tsx')) ?? '';
  return { entryGzipKb: kb(entryFiles), homePageGzipKb: kb(new Set([...entryFiles, ...closure(homeKey)])), routes };
}
