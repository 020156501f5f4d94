import { z } from 'zod';

const serverIdSchema = z.string().min(1).max(100);
const toolNameSchema = z.string().min(1).max(200);

/**
 * Body of PUT /api/sessions/:id/mcp-tools: the session's own MCP switches, replacing the stored ones
 * (lib/mcp/tool-switches.ts). A server or tool left out follows Settings → MCP servers.
 */
export const sessionMcpSwitchesSchema = z.strictObject({
  overrides: z.strictObject({
    servers: z.record(serverIdSchema, z.boolean()).optional(),
    tools: z.record(serverIdSchema, z.record(toolNameSchema, z.boolean())).optional(),
  }),
});

export type SessionMcpSwitchesInput = z.infer<typeof sessionMcpSwitchesSchema>;
