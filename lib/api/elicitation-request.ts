import { z } from 'zod';
import { MAX_ELICITATION_FIELDS } from '@/lib/mcp/elicitation';

/** The most a form answer may weigh (bytes of JSON). */
export const MAX_ELICITATION_ANSWER_BYTES = 64_000;

const valueSchema = z.union([z.string().max(10_000), z.number(), z.boolean(), z.array(z.string().max(1_000)).max(100)]);

/**
 * Body of POST /api/sessions/:id/elicitations/:elicitationId: the user's answer to an MCP
 * server's form (accept with content, decline, cancel) or sampling request (accept = allow,
 * decline = deny). The content is checked against the form's own schema on the server.
 */
export const elicitationAnswerSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('accept'),
    content: z
      .record(z.string().max(200), valueSchema)
      .refine((content) => Object.keys(content).length <= MAX_ELICITATION_FIELDS, 'Too many fields')
      .optional(),
  }),
  z.strictObject({ action: z.literal('decline') }),
  z.strictObject({ action: z.literal('cancel') }),
]);
