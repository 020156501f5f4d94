/**
 * Fixture for MCP elicitation and sampling (requests the server sends the client in the middle of a tool call):
 * - `deploy`: asks for a form (environment: a required choice; replicas: an integer 1–10; notify: yes/no;
 *   contact: an email) and answers with what came back. Records `{ type: 'elicit-result', action, content }`,
 *   or `{ type: 'elicit-error', message }` when the request failed (e.g. the client went away).
 * - `summarize`: asks the client's model for a completion (sampling), with a system prompt and a token limit.
 *   Records `{ type: 'sample-result', text, model }` or `{ type: 'sample-error', message }` (refused, denied).
 * Both record `{ type: 'cancelled', tool }` when the client cancels the call.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CreateMessageResultSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { record, serve } from './serve.mjs';

/** A person may take a while: the server waits up to 10 min for the answer (the SDK's default is 60 s). */
const WAIT_MS = 10 * 60 * 1000;

const DEPLOY_FORM = {
  type: 'object',
  properties: {
    environment: { type: 'string', title: 'Environment', description: 'Where to deploy', enum: ['staging', 'production'] },
    replicas: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 10, default: 2 },
    notify: { type: 'boolean', title: 'Notify the team', default: false },
    contact: { type: 'string', title: 'Contact email', format: 'email' },
  },
  required: ['environment', 'replicas'],
};

function onCancel(extra, tool) {
  extra.signal.addEventListener('abort', () => record({ type: 'cancelled', tool }), { once: true });
}

await serve(() => {
  const server = new McpServer({ name: 'elicit-fixture', version: '1.0.0' });

  server.registerTool('deploy', { title: 'Deploy the service', description: 'Deploys the service; asks where.', inputSchema: { service: z.string() } }, async ({ service }, extra) => {
    onCancel(extra, 'deploy');
    try {
      const result = await extra.sendRequest(
        { method: 'elicitation/create', params: { message: `Where should ${service} be deployed?`, requestedSchema: DEPLOY_FORM } },
        ElicitResultSchema,
        { timeout: WAIT_MS },
      );
      record({ type: 'elicit-result', action: result.action, content: result.content ?? null });
      if (result.action !== 'accept') return { content: [{ type: 'text', text: `Deployment of ${service} ${result.action === 'decline' ? 'declined' : 'cancelled'} by the user.` }] };
      const { environment, replicas } = result.content;
      return { content: [{ type: 'text', text: `Deployed ${service} to ${environment} with ${replicas} replicas.` }] };
    } catch (error) {
      record({ type: 'elicit-error', message: String(error?.message ?? error) });
      throw error;
    }
  });

  server.registerTool('summarize', { description: 'Summarizes a text with the client’s model.', inputSchema: { text: z.string() } }, async ({ text }, extra) => {
    onCancel(extra, 'summarize');
    try {
      const result = await extra.sendRequest(
        {
          method: 'sampling/createMessage',
          params: { systemPrompt: 'You write one-line summaries.', messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${text}` } }], maxTokens: 120 },
        },
        CreateMessageResultSchema,
        { timeout: WAIT_MS },
      );
      const answer = result.content.type === 'text' ? result.content.text : `[${result.content.type}]`;
      record({ type: 'sample-result', text: answer, model: result.model, stopReason: result.stopReason ?? null });
      return { content: [{ type: 'text', text: `Summary: ${answer}` }] };
    } catch (error) {
      const message = String(error?.message ?? error);
      record({ type: 'sample-error', message });
      return { content: [{ type: 'text', text: `Sampling failed: ${message}` }], isError: true };
    }
  });

  return server;
});
