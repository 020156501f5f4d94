/** A titled block of the admin page. */
export function AdminSection({ title, description, action, children, testId }: { title: string; description?: string; action?: React.ReactNode; children: React.ReactNode; testId: string }) {
  return (
    <section className="flex flex-col gap-3" data-testid={testId}>
      <div className="flex items-end gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold tracking-tight">{title}</h2>
          {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
