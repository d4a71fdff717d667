import { z } from 'zod';
import { FONTS, MOTIONS, type Preferences, TEXT_SIZES, THEMES } from './preferences.js';

/**
 * The signed-in member's reading and display preferences (docs/product.md#reading-and-display), at PREFERENCES_PATH
 * (src/shared/preferences.ts), for any signed-in member (401 otherwise):
 * - GET → {@link preferencesSchema}: the saved preferences, or the defaults when none are saved.
 * - PUT {@link preferencesSchema} → the saved preferences. The body is all of them (the state wanted, so sending it
 *   again is harmless); a missing field (but `oneStepAtATime` and `easyRead`, false when missing: a page loaded
 *   before they existed) or a value outside the allowed ones answers 400 naming the field.
 */
export const preferencesSchema = z.strictObject({
  textSize: z.literal([...TEXT_SIZES], { error: `must be one of ${TEXT_SIZES.join(', ')} (percent)` }),
  spacing: z.boolean(),
  font: z.enum(FONTS),
  theme: z.enum(THEMES),
  motion: z.enum(MOTIONS),
  oneStepAtATime: z.boolean().default(false),
  easyRead: z.boolean().default(false),
}) satisfies z.ZodType<Preferences>;
