import { BrainIcon, ImageIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatPrice, formatTokens } from '@/lib/models/model-facts';
import type { ModelInfo } from '@/lib/models/types';
import { cn } from '@/lib/utils';

/** A model's window, price (in / out per million tokens) and what it takes: images, reasoning. */
export function ModelFacts({ model, className }: { model: ModelInfo; className?: string }) {
  const price = formatPrice(model.pricing);
  return (
    <span className={cn('flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground', className)} data-testid="model-facts">
      <span title="Context window" data-testid="model-window">
        {formatTokens(model.contextWindow)} window
      </span>
      {price && (
        <span title="USD per million input / output tokens" data-testid="model-price">
          {price}
        </span>
      )}
      {model.capabilities.images && (
        <Badge tone="info" data-testid="model-badge-images">
          <ImageIcon aria-hidden />
          Images
        </Badge>
      )}
      {model.capabilities.reasoning && (
        <Badge tone="neutral" data-testid="model-badge-reasoning">
          <BrainIcon aria-hidden />
          Reasoning
        </Badge>
      )}
    </span>
  );
}
