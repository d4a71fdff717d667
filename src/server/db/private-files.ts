import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Folders of the data folder and backups: read, write and enter for the server's user only. */
export const PRIVATE_FOLDER_MODE = 0o700;
/** Files of the data folder and backups: read and write for the server's user only. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes a folder and everything in it readable and writable by the owner only (docs/operations.md#backups: folders
 * 0700, files 0600). The embedded database (PGlite) creates its files 0666 whatever the umask, so this runs when it
 * is opened and closed, after a restore and after a copy; the folder's own 0700 keeps other users out of files it
 * creates in between. Symbolic links are left alone (never followed). A missing path is created as a private folder.
 * @param target an absolute or relative path of a folder (or a single file)
 * @throws the file system's error when a mode cannot be changed (e.g. a folder owned by another user)
 */
export function makePrivate(target: string): void {
  mkdirSync(target, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  tighten(target);
}

function tighten(target: string): void {
  const stat = lstatSync(target);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== PRIVATE_FOLDER_MODE) chmodSync(target, PRIVATE_FOLDER_MODE);
    for (const name of readdirSync(target)) tighten(path.join(target, name));
  } else if ((stat.mode & 0o777) !== PRIVATE_FILE_MODE) {
    chmodSync(target, PRIVATE_FILE_MODE);
  }
}
