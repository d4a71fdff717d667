import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as not encapsulated, so its decorators, hooks and handlers apply to the whole app — what
 * `fastify-plugin` does, through Fastify's documented `skip-override` symbol (fastify-plugin is not a direct
 * dependency of this project).
 * @param plugin an async Fastify plugin
 * @returns the same plugin, marked
 */
export function globalPlugin<Options extends Record<string, unknown>>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
