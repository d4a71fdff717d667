// The baseline of `npm run bench`: a bare Fastify 'hello world' on PORT (127.0.0.1), run in its own process.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
