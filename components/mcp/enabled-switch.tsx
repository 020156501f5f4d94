import { Switch } from '@/components/ui/switch';

/** A setting that applies at once, as an on/off switch labelled for screen readers (the ui Switch). */
export function EnabledSwitch({
  checked,
  onChange,
  label,
  disabled,
  testId = 'mcp-enabled',
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
  testId?: string;
}) {
  return <Switch checked={checked} onCheckedChange={onChange} aria-label={label} title={label} disabled={disabled} data-testid={testId} />;
}
