import Fastify from 'fastify';

// The yardstick: a bare Fastify route in its own process, loaded exactly like the shop.
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
