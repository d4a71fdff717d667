import type { Database } from '../../db/client.js';
import type { Config } from '../../env.js';
import { forbidden } from '../../http-errors.js';
import { getMember } from './members.repository.js';

/**
 * The message a person who has left the organisation gets when they try to sign in: kind, and naming the support
 * contact.
 * @param config `orgName` and `supportEmail`
 */
export function leftSignInMessage(config: Pick<Config, 'orgName' | 'supportEmail'>): string {
  return (
    `Your onboarding account closed when you left ${config.orgName}. Thank you for everything you did with us! ` +
    `If you think this is a mistake, please write to ${config.supportEmail}.`
  );
}

/**
 * Refuses the sign-in of someone whose member record says they left (offboarding).
 * @param db the database
 * @param config for the message
 * @param email the address signing in (any case)
 * @throws HttpError 403 {@link leftSignInMessage} when the person has left
 */
export async function refuseIfLeft(
  db: Database,
  config: Pick<Config, 'orgName' | 'supportEmail'>,
  email: string,
): Promise<void> {
  const member = await getMember(db, email);
  if (member !== undefined && member.leftAt !== null) throw forbidden(leftSignInMessage(config));
}
