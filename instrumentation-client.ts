import { config } from 'zod';

// Runs in the browser before the app. zod compiles object parsers with `new Function` when
// a page allows eval, and first probes for it by calling Function(""). Our pages refuse
// eval (the Content-Security-Policy of proxy.ts has no 'unsafe-eval'), so the probe was
// refused and reported as a violation on every page that parses a schema. The
// interpreted parsers are what the policy leaves zod anyway.
config({ jitless: true });
