/**
 * Fixture for tool selection at scale: one server with 300 tools, the way a
 * company "everything" gateway looks (30 services × 10 actions, realistic names
 * and descriptions, small input schemas). Tools come in service order, so the
 * last services (billing, invoices, weather…) are the ones a cap of 128 leaves
 * out. Every call is recorded ({ type: 'call', tool, args }).
 * `SCALE_TOOL_COUNT=N` serves only the first N tools.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { record, serve } from './serve.mjs';

const SERVICES = [
  ['github', 'GitHub repository', 'issue'],
  ['jira', 'Jira project', 'ticket'],
  ['slack', 'Slack workspace', 'message'],
  ['drive', 'Google Drive', 'file'],
  ['calendar', 'team calendar', 'event'],
  ['crm', 'CRM', 'contact'],
  ['zendesk', 'support desk', 'support ticket'],
  ['notion', 'Notion workspace', 'page'],
  ['confluence', 'Confluence space', 'article'],
  ['sentry', 'Sentry project', 'error event'],
  ['datadog', 'Datadog account', 'monitor'],
  ['pagerduty', 'PagerDuty service', 'incident'],
  ['k8s', 'Kubernetes cluster', 'deployment'],
  ['aws', 'AWS account', 'EC2 instance'],
  ['gcs', 'Cloud Storage bucket', 'object'],
  ['postgres', 'analytics database', 'table'],
  ['airflow', 'Airflow instance', 'DAG run'],
  ['figma', 'Figma team', 'design file'],
  ['linear', 'Linear team', 'issue'],
  ['hubspot', 'HubSpot portal', 'deal'],
  ['mailchimp', 'Mailchimp audience', 'campaign'],
  ['shopify', 'Shopify store', 'order'],
  ['stripe', 'Stripe account', 'payment'],
  ['billing', 'billing system', 'subscription'],
  ['invoices', 'invoicing system', 'invoice'],
  ['payroll', 'payroll system', 'pay run'],
  ['hr', 'HR system', 'employee record'],
  ['travel', 'travel booking system', 'trip'],
  ['weather', 'weather service', 'forecast'],
  ['maps', 'maps service', 'route'],
];

const ACTIONS = [
  ['list', (svc, thing) => `List ${thing}s in the ${svc}, newest first. Filter by owner, label or date range.`],
  ['get', (svc, thing) => `Get one ${thing} from the ${svc} by its id, with all its fields.`],
  ['create', (svc, thing) => `Create a new ${thing} in the ${svc}. Returns the new ${thing}'s id.`],
  ['update', (svc, thing) => `Update fields of an existing ${thing} in the ${svc}.`],
  ['delete', (svc, thing) => `Delete a ${thing} from the ${svc}. This cannot be undone.`],
  ['search', (svc, thing) => `Full-text search over ${thing}s in the ${svc}.`],
  ['comment', (svc, thing) => `Add a comment or note to a ${thing} in the ${svc}.`],
  ['export', (svc, thing) => `Export ${thing}s from the ${svc} as CSV for a date range.`],
  ['archive', (svc, thing) => `Archive a ${thing} in the ${svc} so it no longer shows in lists.`],
  ['stats', (svc, thing) => `Summary statistics of ${thing}s in the ${svc}: counts by status and week.`],
];

/** Named ones a test looks for: a clear, unique description. */
const SPECIAL = {
  invoices_refund: 'Refund a captured payment on an invoice, fully or in part, and email the customer a credit note.',
  weather_get: 'Get the weather forecast for a city: temperature, rain and wind for the next days.',
};

const limit = Number(process.env.SCALE_TOOL_COUNT ?? 300);

const TOOLS = SERVICES.flatMap(([prefix, svc, thing]) =>
  ACTIONS.map(([action, describe]) => {
    const name = `${prefix}_${action === 'comment' && prefix === 'invoices' ? 'refund' : action}`;
    return { name, description: SPECIAL[name] ?? describe(svc, thing) };
  }),
).slice(0, limit);

await serve(() => {
  const server = new McpServer({ name: 'scale-fixture', version: '1.0.0' });
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: { id: z.string().optional().describe('The id, where the action needs one'), query: z.string().optional().describe('Free text or a filter') },
        annotations: { readOnlyHint: /_(list|get|search|stats|export)$/.test(tool.name) },
      },
      async (args) => {
        record({ type: 'call', tool: tool.name, args });
        return { content: [{ type: 'text', text: `${tool.name} ran with ${JSON.stringify(args)}` }] };
      },
    );
  }
  return server;
});
