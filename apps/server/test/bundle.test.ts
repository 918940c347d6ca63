import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../src/paths.js';

// The bundle `npm start` runs (build.mjs): its source map still leads a stack trace's bundle position
// back to the TypeScript file and line, and carries no copy of the sources, which Node would keep in
// the server's memory for as long as it runs (15 MB of its resident memory).
describe('the server bundle', () => {
  let dir: string;
  let bundle: string;
  let map: SourceMapPayload;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bundle-'));
    const outfile = path.join(dir, 'server.mjs');
    const built = spawnSync(process.execPath, [path.join(serverRoot, 'build.mjs'), outfile], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    bundle = fs.readFileSync(outfile, 'utf8');
    map = JSON.parse(fs.readFileSync(`${outfile}.map`, 'utf8')) as SourceMapPayload;
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names its map, and the map holds positions but no copy of the sources', () => {
    expect(bundle).toMatch(/\/\/# sourceMappingURL=server\.mjs\.map\s*$/);
    expect(map.sources.length).toBeGreaterThan(100);
    expect(map.mappings.length).toBeGreaterThan(10_000);
    expect(map).not.toHaveProperty('sourcesContent');
  });

  it('maps a place in the bundle back to its TypeScript file and line', () => {
    const lines = bundle.split('\n');
    const line = lines.findIndex((text) => text.startsWith('async function saveLessonProgress('));
    expect(line).toBeGreaterThan(0);
    const entry = new SourceMap(map).findEntry(line, 0);
    expect('originalSource' in entry && entry.originalSource).toMatch(
      /src\/modules\/learning\/save-lesson-progress\.ts$/,
    );
    const source = fs.readFileSync(path.join(serverRoot, 'src/modules/learning/save-lesson-progress.ts'), 'utf8');
    const original = 'originalLine' in entry ? source.split('\n')[entry.originalLine] : undefined;
    expect(original).toMatch(/^export async function saveLessonProgress\(/);
  });
});
