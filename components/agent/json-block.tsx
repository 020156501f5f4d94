import { CopyButton } from '@/components/ui/copy-button';
import { VisibleText } from '@/components/ui/visible-text';
import { prettyJson } from '@/lib/client/format';
import { cn } from '@/lib/utils';

/** A pre-formatted block of JSON or text with a copy button; long content scrolls instead of stretching the page. */
export function JsonBlock({
  value,
  label,
  tone = 'default',
  className,
  maxHeightClass = 'max-h-80',
  copyLabel = 'Copy',
  ...props
}: {
  value: unknown;
  label?: string;
  tone?: 'default' | 'danger';
  className?: string;
  maxHeightClass?: string;
  copyLabel?: string;
} & Omit<React.ComponentProps<'div'>, 'children'>) {
  const text = prettyJson(value);
  return (
    <div className={cn('group/json relative min-w-0', className)} {...props}>
      {label && <div className="mb-1 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">{label}</div>}
      {/* Focusable, so a long block can be scrolled from the keyboard too. */}
      <pre
        tabIndex={0}
        aria-label={label}
        className={cn(
          'overflow-auto rounded-lg border px-3 py-2 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
          maxHeightClass,
          tone === 'danger' ? 'border-destructive/25 bg-destructive/5 text-destructive' : 'bg-muted/50 text-foreground/90',
        )}
      >
        {/* Bidi overrides and other invisible controls are shown as markers, never applied (model and tool output is inert). */}
        {text ? <VisibleText text={text} multiline /> : <span className="text-muted-foreground italic">empty</span>}
      </pre>
      {text && (
        <CopyButton
          text={text}
          label={copyLabel}
          className={cn('absolute right-1.5 bg-background/80 opacity-0 backdrop-blur-sm group-hover/json:opacity-100 focus-visible:opacity-100', label ? 'top-6' : 'top-1.5')}
        />
      )}
    </div>
  );
}
