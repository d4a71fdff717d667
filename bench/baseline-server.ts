// The baselines of `npm run bench`, each run in its own process on PORT (127.0.0.1): a bare Fastify 'hello world', or,
// with BASELINE_FILE set, a bare Fastify answering every GET / with that file's bytes as JSON (read once, at start),
// so that a route can be compared with the bare cost of sending its own answer. With BASELINE_ENCODING (br or gzip)
// the bytes are sent with that Content-Encoding: the file then holds the compressed answer.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const file = process.env.BASELINE_FILE;
if (file === undefined) {
  app.get('/', async () => ({ hello: 'world' }));
} else {
  const bytes = readFileSync(file);
  const encoding = process.env.BASELINE_ENCODING;
  app.get('/', (_request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8');
    if (encoding !== undefined) reply.header('content-encoding', encoding).header('vary', 'Accept-Encoding');
    reply.send(bytes);
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
