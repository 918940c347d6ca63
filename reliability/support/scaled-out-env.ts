import { randomBytes } from 'node:crypto';

/**
 * What every process of one scaled-out shop shares (docs/deployment.md section 1): SCALE_OUT=1, the
 * PostgreSQL database, one SHOP_SECRET, the bucket, and the balancer's address as PUBLIC_URL.
 */
export function scaledOutEnv(databaseUrl: string, s3Env: Record<string, string>, publicUrl: string) {
  return {
    SCALE_OUT: '1',
    DATABASE_URL: databaseUrl,
    SHOP_SECRET: randomBytes(32).toString('hex'),
    ...s3Env,
    PUBLIC_URL: publicUrl,
  };
}
