import { CalculatorIcon, ClockIcon, TableIcon } from 'lucide-react';

const EXAMPLE_PROMPTS = [
  { Icon: CalculatorIcon, title: 'Do some maths', text: 'Work out (17 * 23) + 144 / 12 with the calculator, then explain each step.' },
  { Icon: ClockIcon, title: 'Check the clock', text: 'What time is it right now in UTC, and how many hours are left until midnight?' },
  { Icon: TableIcon, title: 'Compare numbers', text: 'Which is larger, 2^32 or 10^9.5? Show both values in a small table.' },
] as const;

/** Starter tasks; picking one fills the composer so it can be edited before sending. */
export function ExamplePrompts({ onPick }: { onPick: (text: string) => void }) {
  return (
    <div className="grid w-full gap-2 sm:grid-cols-3" data-testid="example-prompts">
      {EXAMPLE_PROMPTS.map(({ Icon, title, text }) => (
        <button
          key={title}
          type="button"
          onClick={() => onPick(text)}
          data-testid="example-prompt"
          title="Put this task in the message box"
          className="flex flex-col gap-1.5 rounded-xl border bg-card p-3 text-left text-sm transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span className="flex items-center gap-1.5 font-medium">
            <Icon className="size-3.5 text-muted-foreground" aria-hidden />
            {title}
          </span>
          <span className="line-clamp-3 text-xs leading-relaxed text-muted-foreground">{text}</span>
        </button>
      ))}
    </div>
  );
}
