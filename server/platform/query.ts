// Query-string pieces shared by the list calls: comma lists of numbers.
import { z } from 'zod';

/** `1,2,7` or a single number, each from min to max. */
export const intList = (min: number, max: number) => z.string().trim().max(100)
  .regex(/^\d+(,\d+)*$/, { message: 'invalid_choice' })
  .transform((v) => v.split(',').map(Number))
  .refine((list) => list.every((n) => n >= min && n <= max), { message: 'invalid_choice' });

