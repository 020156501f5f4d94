/** Three soft dots: the agent is working but has nothing to show yet. */
export function ThinkingIndicator({ label = 'Working' }: { label?: string }) {
  return (
    <div className="flex h-6 items-center gap-1" role="status" aria-label={label} data-testid="thinking">
      {[0, 1, 2].map((dot) => (
        <span
          key={dot}
          className="size-1.5 animate-bounce rounded-full bg-muted-foreground/60"
          style={{ animationDelay: `${dot * 140}ms`, animationDuration: '1s' }}
        />
      ))}
    </div>
  );
}
