import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { unauthorized } from '../../http-errors.js';
import { requireUser, signedInUser } from '../../plugins/sessions.js';
import { ProfilePictures } from './profile-picture.js';
import { findUserById } from './users.repository.js';

/**
 * GET /api/users/me/picture[?v=…] → the signed-in user's picture (docs/product.md#profile-pictures,
 * docs/architecture.md#sessions): the directory photo (200, its image type), or a 302 to the ID token's picture, or a
 * generated 128×128 initials SVG (200). The header
 * `X-Picture-Source` says which: directory, token, fallback or error (see profile-picture.ts). 401 without a session.
 * Cached by the browser privately for an hour (five minutes after a directory failure); `v` only busts that cache.
 */
export const profilePictureRoutes: FastifyPluginAsyncZod<{ db: Database; pictures: ProfilePictures }> = async (
  app,
  { db, pictures },
) => {
  app.get(
    '/api/users/me/picture',
    { preValidation: requireUser, schema: { querystring: z.object({ v: z.string().max(64).optional() }) } },
    async function getUsersMePicture(request, reply) {
      const row = await findUserById(db, signedInUser(request).id);
      if (!row) throw unauthorized();
      const picture = await pictures.pictureOf(row);
      void reply
        .header('Cache-Control', `private, max-age=${ProfilePictures.maxAgeSeconds(picture.source)}`)
        .header('X-Picture-Source', picture.source);
      if (picture.kind === 'redirect') return reply.redirect(picture.url, 302);
      // A generated SVG is our own markup, but it is still a document: give it a policy that runs nothing.
      void reply
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type(picture.contentType);
      return reply.send(picture.data);
    },
  );
};
