/// <reference path="../apps/server/src/storage/s3rver.d.ts" />
import autocannon from 'autocannon';
import { createSignedInUser } from '../apps/server/test/helpers';
import { freePort } from '../apps/server/test/processes';
import { startTestS3 } from '../apps/server/test/test-s3';
import { createPostgresDatabase, openServerDatabase } from '../reliability/support/databases';
import { startHaproxy } from '../reliability/support/haproxy';
import { scaledOutEnv } from '../reliability/support/scaled-out-env';
import { type ServerProcess, startServer } from '../reliability/support/server-process';

/**
 * Issue 17's bench: one shop process against two behind HAProxy (the same balancer in front of both, so
 * the ratio is the second process's worth), for the catalogue and a signed-in cart call, in one run; and
 * complete purchases per second on PostgreSQL through the two. Run alone:
 * `node scripts/with-postgres.mjs node --import tsx bench/scale-out.ts` (`npm run bench` runs it so).
 * Prints one JSON line starting with `scale-out:`.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 64;

async function rps(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function post(url: string, token: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Learners each put a course in the cart, create the order, pay in the sandbox and verify, 32 at a time. */
async function purchases(
  baseUrl: string,
  buyers: { token: string }[],
  courses: { id: string; price_paise: number }[],
  seconds: number,
) {
  let next = 0;
  let completed = 0;
  let errors = 0;
  const firstErrors: string[] = [];
  const deadline = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline && next < buyers.length) {
      const index = next++;
      const buyer = buyers[index];
      if (!buyer) return;
      try {
        const course = courses[index % courses.length];
        if (!course) return;
        const added = await post(`${baseUrl}/api/cart/add`, buyer.token, { courseId: course.id });
        if (added.status !== 200) throw new Error(`cart ${added.status}`);
        const order = await post(`${baseUrl}/api/create-order`, buyer.token, {
          amount: course.price_paise / 100,
          name: 'Bench Buyer',
          email: 'bench@example.com',
        });
        if (order.status !== 200) throw new Error(`create-order ${order.status} ${JSON.stringify(order.json)}`);
        const paid = await post(`${baseUrl}/api/sandbox/pay`, buyer.token, {
          order_id: order.json.order_id,
          outcome: 'captured',
        });
        if (paid.status !== 200) throw new Error(`sandbox pay ${paid.status}`);
        const verified = await post(`${baseUrl}/api/verify-payment`, buyer.token, paid.json);
        if (verified.status !== 200) throw new Error(`verify ${verified.status}`);
        completed++;
      } catch (error) {
        errors++;
        if (firstErrors.length < 3) firstErrors.push((error as Error).message);
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: 32 }, worker));
  const elapsed = (Date.now() - started) / 1000;
  return { seconds: Math.round(elapsed), completed, errors, perSecond: Math.round(completed / elapsed), firstErrors };
}

async function main() {
  const pg = await createPostgresDatabase();
  const s3 = await startTestS3('shop-bench');
  const balancerPort = await freePort();
  // The shop's default logging (LOG_LEVEL=info, the access log) as `npm start` runs it, not the reliability
  // suite's quieter 'warn'; only what scaling out needs (PostgreSQL, the bucket, the balancer) is set.
  const env = { ...scaledOutEnv(pg.url, s3.env, `http://127.0.0.1:${balancerPort}`), LOG_LEVEL: 'info' };
  const servers: ServerProcess[] = [await startServer(env)];
  servers.push(await startServer(env));
  const database = openServerDatabase(servers[0]?.env ?? {});
  const learner = await createSignedInUser(database.db);
  const cart = { authorization: `Bearer ${learner.token}` };
  const backends = servers.map((server, index) => ({
    name: `shop${index + 1}`,
    port: Number(new URL(server.url).port),
  }));

  const report: Record<string, unknown> = { seconds: SECONDS, connections: CONNECTIONS };
  const one = await startHaproxy(backends.slice(0, 1), balancerPort);
  const oneCourses = await rps(`${one.url}/api/courses`);
  const oneCart = await rps(`${one.url}/api/cart`, cart);
  await one.stop();
  const two = await startHaproxy(backends, balancerPort);
  const twoCourses = await rps(`${two.url}/api/courses`);
  const twoCart = await rps(`${two.url}/api/cart`, cart);
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  report.http = [
    {
      name: 'GET /api/courses',
      one: oneCourses,
      two: twoCourses,
      ratio: ratio(twoCourses.requestsPerSecond, oneCourses.requestsPerSecond),
    },
    {
      name: 'GET /api/cart (signed in)',
      one: oneCart,
      two: twoCart,
      ratio: ratio(twoCart.requestsPerSecond, oneCart.requestsPerSecond),
    },
  ];

  const courses = await database.db.selectFrom('courses').select(['id', 'price_paise']).execute();
  const buyers = [];
  for (let i = 0; i < 400 * 3; i++) buyers.push(await createSignedInUser(database.db));
  report.purchases = await purchases(two.url, buyers, courses, SECONDS * 2);
  await two.stop();
  await database.close();
  for (const server of servers) {
    await server.stop();
    server.dispose();
  }
  await s3.close();
  await pg.drop();
  console.log(`scale-out: ${JSON.stringify(report)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
