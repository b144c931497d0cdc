import { z } from 'zod';
import { isValidTimezone } from '../../core/clock.ts';
import { CAPTURE_LANGUAGES } from './preferences.ts';
import { WEEKDAYS } from './preferences.ts';

const Email = z
  .email({ message: 'Input should be a valid email address' })
  .max(254)
  .transform((e) => e.trim());
export const Password = z.string().min(8, 'Password must be at least 8 characters').max(256);
const Timezone = z.string().refine(isValidTimezone, { message: 'Input should be a valid IANA timezone, e.g. Europe/Berlin' });
/** The language captures are read in (English is read too, always). */
const Language = z.enum(CAPTURE_LANGUAGES, { message: `Input should be one of ${CAPTURE_LANGUAGES.join(', ')}` }).meta({
  description: "The language log captures are parsed in, besides English: 'en', 'de', 'fr' or 'es'",
});

export const UserCreate = z
  .object({ email: Email, password: Password, timezone: Timezone.default('UTC'), language: Language.default('en') })
  .meta({ id: 'UserCreate' });

const WeekStart = z
  .enum(WEEKDAYS, { message: `Input should be one of ${WEEKDAYS.join(', ')}` })
  .meta({ description: 'The day weeks start on, for weekly goals (monday unless set)' });

/** The operator's change of a sign-in address (npm run user:email). */
export const EmailChange = z.object({ email: Email });

export const ProfileUpdate = z
  .object({
    email: Email.optional().meta({
      description:
        "The sign-in email in another spelling (letter case); any other address is refused alike (403), taken or free, and set by the server's operator (npm run user:email)",
    }),
    timezone: Timezone.optional(),
    language: Language.optional(),
    week_start: WeekStart.optional(),
  })
  .meta({ id: 'ProfileUpdate' });
