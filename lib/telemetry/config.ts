/**
 * Whether this process traces runs (docs/observability.md). Off by default. On with
 * PLAYGROUND_OTEL=1, or when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT
 * or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, the exporter's standard variables) and
 * PLAYGROUND_OTEL is not 0. OTEL_SDK_DISABLED=true, the SDK's own switch, wins over both.
 */
export function tracingEnabled(env: Record<string, string | undefined> = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const flag = env.PLAYGROUND_OTEL?.trim().toLowerCase();
  if (flag === '1' || flag === 'true' || flag === 'on') return true;
  if (flag === '0' || flag === 'false' || flag === 'off') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}
