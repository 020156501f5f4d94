import { ClockIcon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';

interface TimeReading {
  text: string;
  timezone?: string;
}

function readTime(part: ToolPart): TimeReading | undefined {
  if (part.state !== 'output-available') return undefined;
  const output = part.output;
  const timezone = field(output, 'timezone', 'timeZone', 'tz') ?? field(part.input, 'timezone', 'timeZone');
  const formatted = typeof output === 'string' ? output : field(output, 'formatted', 'local', 'time', 'iso', 'now', 'utc');
  if (typeof formatted !== 'string' && typeof formatted !== 'number') return undefined;
  return { text: String(formatted), timezone: typeof timezone === 'string' ? timezone : undefined };
}

function CurrentTimeSummary({ part }: { part: ToolPart }) {
  const reading = readTime(part);
  const requested = field(part.input, 'timezone', 'timeZone');
  if (!reading) return typeof requested === 'string' ? <span>{requested}</span> : null;
  return (
    <span data-testid="current-time-summary">
      <span className="font-medium text-foreground">{reading.text}</span>
      {reading.timezone && !reading.text.includes(reading.timezone) && <span className="text-muted-foreground"> · {reading.timezone}</span>}
    </span>
  );
}

export const currentTimeTool: ToolRenderer = {
  title: 'Current time',
  Icon: ClockIcon,
  Summary: CurrentTimeSummary,
};
