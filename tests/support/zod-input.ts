import type { FlexibleSchema } from 'ai';
import { z } from 'zod';

/** A tool's input schema as the zod schema it was written as, to test what it accepts. */
export function zodInput(schema: FlexibleSchema<unknown> | undefined): z.ZodType {
  if (!(schema instanceof z.ZodType)) throw new Error('expected a zod input schema');
  return schema;
}
