import { inspect } from 'node:util';
import { SECRET_NAMES } from '../../../shared/content-schema.js';

/** A shared password's environment variable name (docs/product.md#shared-passwords). */
export type SecretName = (typeof SECRET_NAMES)[number];

const REDACTED = '[Redacted]';

/**
 * The shared passwords of docs/product.md#shared-passwords (CHAPTERS_PASS, DESIGN_PASS, …), read from the server's
 * environment (docs/product.md#shared-passwords). The values are kept in a private field and never serialised:
 * JSON.stringify (and so pino), util.inspect and template strings all show `[Redacted]`, so logging the configuration
 * by mistake never prints a password. Only {@link SharedSecrets.get} hands one out, to the secrets route.
 */
export class SharedSecrets {
  readonly #values: ReadonlyMap<SecretName, string>;

  /** @param values the set (non-empty) values by name; names not given are "not set" */
  constructor(values: Partial<Record<SecretName, string>> = {}) {
    this.#values = new Map(
      Object.entries(values).filter(
        (entry): entry is [SecretName, string] => typeof entry[1] === 'string' && entry[1] !== '',
      ),
    );
  }

  /**
   * Reads the shared passwords from an environment (empty or blank values count as unset; values are trimmed).
   * @param env usually `process.env`
   */
  static fromEnv(env: Record<string, string | undefined>): SharedSecrets {
    const values: Partial<Record<SecretName, string>> = {};
    for (const name of SECRET_NAMES) {
      const value = env[name]?.trim();
      if (value !== undefined && value !== '') values[name] = value;
    }
    return new SharedSecrets(values);
  }

  /**
   * The password of one name.
   * @returns the value, or undefined when the variable is not set
   */
  get(name: SecretName): string | undefined {
    return this.#values.get(name);
  }

  /** Which names are set (for start-up diagnostics; never the values). */
  setNames(): SecretName[] {
    return SECRET_NAMES.filter((name) => this.#values.has(name));
  }

  toJSON(): string {
    return REDACTED;
  }

  toString(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return `SharedSecrets(${REDACTED})`;
  }
}
