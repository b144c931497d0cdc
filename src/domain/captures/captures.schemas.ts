import { CursorParam } from '../../core/paging.ts';
import { z } from 'zod';
import { dateTime, Pagination, uuid } from '../../core/validation.ts';
import { CAPTURE_STATUSES } from './capture.entity.ts';

const MAX_TEXT = 2000;

/** 1..2000 characters, counted as people count them (code points: an emoji is one). */
const CaptureText = z
  .string()
  .superRefine((text, ctx) => {
    const length = [...text].length;
    if (length < 1) {
      ctx.addIssue({ code: 'too_small', minimum: 1, origin: 'string', inclusive: true, input: text, message: 'Text must not be empty' });
    } else if (length > MAX_TEXT) {
      ctx.addIssue({
        code: 'too_big',
        maximum: MAX_TEXT,
        origin: 'string',
        inclusive: true,
        input: text,
        message: `Text must be at most ${MAX_TEXT} characters`,
      });
    } else if (text.trim() === '') {
      ctx.addIssue({ code: 'custom', input: text, message: 'Text must not be blank' });
    } else if (text.includes('\u0000')) {
      ctx.addIssue({ code: 'custom', input: text, message: 'Text must not contain NUL characters' });
    }
  })
  .meta({ minLength: 1, maxLength: MAX_TEXT, description: '1 to 2000 characters (code points: an emoji is one); not blank' });

export const LogCaptureCreate = z
  .object({
    text: CaptureText,
    captured_at: dateTime().nullable().optional(),
    client_id: uuid().nullable().optional(),
  })
  .meta({ id: 'LogCaptureCreate' });

export const LogCaptureListQuery = z
  .object({ status: z.enum(CAPTURE_STATUSES).optional(), ...Pagination, ...CursorParam })
  .meta({ id: 'LogCaptureListQuery' });
