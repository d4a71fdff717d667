/** Sign-in, sessions, users and profile pictures: the module's one public file; other modules import only this. */
export { authRoutes } from './auth.routes.js';
export { devicesRoutes } from './devices.routes.js';
export { ProfilePictures, type DirectoryPhoto, type DirectoryPhotoLookup } from './profile-picture.js';
export { profilePictureRoutes } from './profile-picture.routes.js';
export { toApiUser, upsertGoogleUser } from './users.repository.js';
