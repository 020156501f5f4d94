import { ExternalLinkIcon, ImageOffIcon } from 'lucide-react';
import { JsonBlock } from '@/components/agent/json-block';
import { VisibleText } from '@/components/ui/visible-text';
import {
  formatBytes,
  MAX_IMAGE_BYTES,
  RENDERABLE_IMAGE_TYPES,
  renderableImage,
  type RichContentItem,
  type RichToolOutput,
} from '@/lib/agent/rich-output';

/**
 * A tool output with more than text (an MCP result): text, images, links,
 * embedded resources and structured content, each drawn as what it is. Inert:
 * images only as raster data URLs in <img> (never SVG or HTML, checked again
 * here since a stored or imported output may say anything), links only for
 * http(s), opened without referrer or opener, and text as text.
 */
export function RichOutputView({ output }: { output: RichToolOutput }) {
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="rich-output">
      {output.content.map((item, index) => (
        <RichItem key={index} item={item} />
      ))}
      {output.structuredContent !== undefined && output.structuredContent !== null && (
        <JsonBlock label="Structured content" value={output.structuredContent} copyLabel="Copy structured content" data-testid="rich-structured" />
      )}
      {output.outputSchema !== undefined && output.outputSchema !== null && (
        <details className="group/schema text-xs" data-testid="rich-output-schema">
          <summary className="cursor-pointer text-[11px] font-medium tracking-wide text-muted-foreground uppercase select-none">Output schema</summary>
          <JsonBlock value={output.outputSchema} copyLabel="Copy output schema" className="mt-1" maxHeightClass="max-h-60" />
        </details>
      )}
    </div>
  );
}

function RichItem({ item }: { item: RichContentItem }) {
  switch (item.type) {
    case 'text':
      return item.text ? (
        <pre className="overflow-auto rounded-lg border bg-muted/50 px-3 py-2 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap max-h-80" data-testid="rich-text">
          {item.text}
        </pre>
      ) : null;
    case 'image':
      return <ImageItem item={item} />;
    case 'audio':
      return <Omitted>Audio ({item.mimeType}, {formatBytes(item.bytes)}) is not played here.</Omitted>;
    case 'resource_link':
      return <ResourceLink item={item} />;
    case 'resource':
      return <EmbeddedResource item={item} />;
    default:
      return <Omitted>Content of type “{item.kind}” is not shown.</Omitted>;
  }
}

function Omitted({ children, testId = 'rich-omitted' }: { children: React.ReactNode; testId?: string }) {
  return (
    <p className="flex items-center gap-1.5 rounded-lg border border-dashed px-3 py-2 text-xs text-muted-foreground" data-testid={testId}>
      <ImageOffIcon className="size-3.5 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}

function imageRefusal(item: Extract<RichContentItem, { type: 'image' }>): string {
  if (item.omitted) return item.omitted;
  if (!RENDERABLE_IMAGE_TYPES.includes(item.mimeType)) return `${item.mimeType} is not an image type that is shown`;
  if (item.bytes > MAX_IMAGE_BYTES) return `${formatBytes(item.bytes)} is over the ${formatBytes(MAX_IMAGE_BYTES)} limit`;
  return 'the image data is not valid';
}

function ImageItem({ item }: { item: Extract<RichContentItem, { type: 'image' }> }) {
  if (!renderableImage(item)) {
    return (
      <Omitted testId="rich-image-omitted">
        Image not shown ({item.mimeType}, {formatBytes(item.bytes)}): {imageRefusal(item)}.
      </Omitted>
    );
  }
  return (
    <figure className="flex flex-col gap-1">
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL from the tool's result; next/image cannot optimize it */}
      <img
        src={`data:${item.mimeType};base64,${item.data}`}
        alt={`Image from the tool (${item.mimeType}, ${formatBytes(item.bytes)})`}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        className="max-h-96 w-auto max-w-full self-start rounded-lg border bg-muted/30 object-contain"
        data-testid="rich-image"
      />
      <figcaption className="text-[11px] text-muted-foreground">
        {item.mimeType} · {formatBytes(item.bytes)}
      </figcaption>
    </figure>
  );
}

/** Only http(s) URLs become links; anything else (file:, javascript:, a server's own scheme) is shown as text. */
function webUrl(uri: string): string | null {
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function ResourceLink({ item }: { item: Extract<RichContentItem, { type: 'resource_link' }> }) {
  const href = webUrl(item.uri);
  const label = item.title || item.name || item.uri;
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-lg border px-3 py-2 text-xs" data-testid="rich-resource-link">
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex min-w-0 items-center gap-1 font-medium text-primary underline-offset-2 hover:underline">
          <span className="truncate">
            <VisibleText text={label} />
          </span>
          <ExternalLinkIcon className="size-3 shrink-0" aria-hidden />
        </a>
      ) : (
        <span className="font-medium">
          <VisibleText text={label} />
        </span>
      )}
      {item.description && (
        <span className="text-muted-foreground">
          <VisibleText text={item.description} />
        </span>
      )}
      <span className="truncate font-mono text-[11px] text-muted-foreground" title={item.uri}>
        <VisibleText text={item.uri} />
        {item.mimeType ? ` · ${item.mimeType}` : ''}
      </span>
    </div>
  );
}

function EmbeddedResource({ item }: { item: Extract<RichContentItem, { type: 'resource' }> }) {
  if (typeof item.text !== 'string') {
    return (
      <Omitted>
        Resource <VisibleText text={item.uri} /> ({item.mimeType ?? 'binary'}, {formatBytes(item.bytes ?? 0)}) is not shown.
      </Omitted>
    );
  }
  return (
    <details className="rounded-lg border text-xs" data-testid="rich-resource">
      <summary className="cursor-pointer px-3 py-2 select-none">
        <span className="font-mono">
          <VisibleText text={item.uri} />
        </span>
        <span className="text-muted-foreground">
          {' '}
          · {item.mimeType ?? 'text'} · {(item.truncatedFrom ?? item.text.length).toLocaleString('en-US')} characters
        </span>
      </summary>
      <pre className="max-h-80 overflow-auto border-t bg-muted/50 px-3 py-2 font-mono leading-relaxed break-words whitespace-pre-wrap">{item.text}</pre>
      {item.truncatedFrom !== undefined && <p className="border-t px-3 py-1.5 text-muted-foreground">Cut at {item.text.length.toLocaleString('en-US')} characters.</p>}
    </details>
  );
}
