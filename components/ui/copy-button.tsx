'use client';

import * as React from 'react';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { copyText } from '@/lib/client/clipboard';

const COPIED_FEEDBACK_MS = 1500;

/** An icon button that copies `text` (or the result of `getText`) and confirms with a check mark. */
function CopyButton({
  text,
  label = 'Copy',
  className,
  size = 'icon-xs',
  children,
  ...props
}: Omit<React.ComponentProps<typeof Button>, 'onClick'> & { text: string | (() => string); label?: string }) {
  const [copied, setCopied] = React.useState(false);
  React.useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function onCopy() {
    const value = typeof text === 'function' ? text() : text;
    if (await copyText(value)) setCopied(true);
    else toast.error('Could not copy to the clipboard', { description: 'Your browser blocked clipboard access.' });
  }

  const icon = copied ? <CheckIcon className="text-success-text" /> : <CopyIcon />;
  return (
    <WithTooltip label={copied ? 'Copied' : label}>
      <Button
        type="button"
        variant="ghost"
        size={children ? 'xs' : size}
        aria-label={label}
        className={className}
        onClick={onCopy}
        data-copied={copied || undefined}
        {...props}
      >
        {icon}
        {children}
      </Button>
    </WithTooltip>
  );
}

export { CopyButton };
