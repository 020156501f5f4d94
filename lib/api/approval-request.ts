import { z } from 'zod';
import { jsonDepth } from './json-depth';
import { freeTextSchema } from './text-input';

/**
 * Body of POST /api/chat when the user answers approval requests. The client
 * sends only its decisions; the call, its input and the history come from the
 * database. Unknown keys are rejected, so nothing else can ride along.
 */

const MAX_EDITED_INPUT_BYTES = 200_000;
/** Deeper than any tool's arguments; a deeper value is refused before it is serialized. */
const MAX_EDITED_INPUT_DEPTH = 32;

const decisionSchema = z
  .object({
    approvalId: z.string().min(1).max(100),
    approved: z.boolean(),
    /** The signature the server sent with the request (part.approval.signature). */
    signature: z.string().min(1).max(200),
    /** Shown to the model when the call is denied. */
    reason: freeTextSchema('The reason', 2000, { trim: true }).optional(),
    /** Approve with these arguments instead (validated against the tool's schema). */
    editedInput: z.unknown().optional(),
    /** Also grant "always allow this tool in this session". */
    alwaysAllow: z.boolean().optional(),
  })
  .strict()
  .refine((d) => d.approved || (d.editedInput === undefined && !d.alwaysAllow), 'A denial cannot carry edited arguments or a grant')
  .refine(
    (d) => d.editedInput === undefined || (jsonDepth(d.editedInput, MAX_EDITED_INPUT_DEPTH) <= MAX_EDITED_INPUT_DEPTH && JSON.stringify(d.editedInput).length <= MAX_EDITED_INPUT_BYTES),
    'Edited arguments are too large or too deeply nested',
  );

export const approvalsRequestSchema = z
  .object({
    sessionId: z.string().min(1).max(100),
    approvals: z.array(decisionSchema).min(1).max(50),
  })
  .strict();

export type ApprovalsRequest = z.infer<typeof approvalsRequestSchema>;
export type ApprovalDecision = ApprovalsRequest['approvals'][number];

/** Body of POST /api/sessions/:id/approvals/:approvalId/check: edited arguments to check before they are sent. */
export const editedArgumentsCheckSchema = z
  .object({ editedInput: z.unknown() })
  .strict()
  .refine(
    (d) => d.editedInput !== undefined && jsonDepth(d.editedInput, MAX_EDITED_INPUT_DEPTH) <= MAX_EDITED_INPUT_DEPTH && JSON.stringify(d.editedInput).length <= MAX_EDITED_INPUT_BYTES,
    'Edited arguments are missing, too large or too deeply nested',
  );
