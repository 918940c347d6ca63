import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import serverNodeFlags from '../../../scripts/server-node-flags.json' with { type: 'json' };
import { serverRoot } from '../src/paths.js';

// The server's Node flags live in scripts/server-node-flags.json (npm start and the bench read it). The
// deployment guide's commands write them out for systemd and compose; each must say what the file says
// (the compose line once ran without the young-generation flag).
describe('the deployment guide', () => {
  it('starts the bundle with the Node flags npm start uses, in every command', () => {
    const guide = fs.readFileSync(path.join(serverRoot, '../../docs/deployment.md'), 'utf8');
    const commands = [...guide.matchAll(/node\s+((?:--[\w-]+(?:=\S+)?\s+)*)apps\/server\/dist\/server\.mjs/g)];
    expect(commands.length).toBeGreaterThanOrEqual(3);
    for (const [, flags] of commands) expect(flags?.trim().split(/\s+/)).toEqual(serverNodeFlags);
  });
});
