import fs from 'node:fs';
import { expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.js';
import { testModeWarning } from './create-gateway.js';

it('a production start without Razorpay keys is warned, loudly, that it sells in test mode', () => {
  const configs = [
    testConfig({ NODE_ENV: 'production' }),
    testConfig({
      NODE_ENV: 'production',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    }),
    testConfig({ NODE_ENV: 'development' }),
  ];
  try {
    const [bare, keyed, development] = configs.map(testModeWarning);
    expect(bare).toContain('TEST MODE');
    expect(bare).toContain('NO MONEY MOVES');
    expect(keyed).toBeNull();
    expect(development).toBeNull();
  } finally {
    for (const config of configs) fs.rmSync(config.dataDir, { recursive: true, force: true });
  }
});
