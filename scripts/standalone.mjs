// @ts-check
/**
 * Completes the standalone build (`output: 'standalone'` in next.config.mjs) into a folder
 * that runs on its own: `cd .next/standalone && node scripts/start.mjs`, the command of the
 * Dockerfile's final stage (docs/deploy.md).
 *
 * `next build` writes .next/standalone with the compiled app, the node_modules it traced and
 * its own server.js. We serve through scripts/server.mjs instead (request guard, bind policy,
 * drain on SIGTERM), so this adds what that server and the start script need, as Next's
 * documentation asks of a standalone deployment:
 * - our server files and everything they import, traced with the same tracer Next uses
 *   (@vercel/nft, bundled in Next): scripts, lib/security, lib/log.mjs, db/open.mjs, and
 *   drizzle-orm's migrator and @next/env from node_modules;
 * - db/migrations, applied at start;
 * - .next/static and public, which Next leaves out (a CDN may serve them).
 *
 * Run after `next build`: scripts/start.mjs does after building, so do scripts/test.mjs and
 * the Dockerfile.
 */
import { cpSync, existsSync, mkdirSync, copyFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Entry points of the standalone folder: the start command, the server it runs, and `npm run db:migrate`. */
const ENTRIES = ['scripts/start.mjs', 'scripts/server.mjs', 'scripts/migrate.mjs'];

/**
 * Modules the app imports by a computed name, which no tracer can follow: rate-limiter-flexible's
 * drizzle store loads `drizzle-orm` and `drizzle-orm/sql` so. Traced as entries of their own;
 * without them every rate-limited route (sign-up first) answered 500 in the folder with accounts on.
 */
const COMPUTED_IMPORTS = ['node_modules/drizzle-orm/index.js', 'node_modules/drizzle-orm/sql/index.js'];

/**
 * Next traces its own server for the standalone output, including the parts a custom server
 * loads (next/dist/server/next, lib/start-server); tracing `next` again from our scripts would
 * follow its development server into the folder too.
 * @param {string} file relative to the project
 */
const tracedByNext = (file) => file.startsWith('node_modules/next/') || file.startsWith('node_modules/@next/swc');

/**
 * Files the tracer finds named in our scripts that must stay out: the folder's lack of
 * next.config.mjs is how scripts/start.mjs knows it runs from a build, not a checkout; this
 * script only runs in a checkout; and the build folder (start.mjs names a file in it) is no
 * dependency of itself.
 * @param {string} file relative to the project
 */
const checkoutOnly = (file) => file === 'next.config.mjs' || file === 'scripts/standalone.mjs' || file.startsWith('.next');

/**
 * @param {{ dir?: string, distDir?: string }} [options]
 * @returns {Promise<{ folder: string, copied: number }>}
 */
export async function assembleStandalone({ dir = root, distDir = process.env.NEXT_DIST_DIR || '.next' } = {}) {
  const dist = path.join(dir, distDir);
  const folder = path.join(dist, 'standalone');
  if (!existsSync(path.join(folder, distDir, 'required-server-files.json'))) {
    throw new Error(`${path.relative(dir, folder)} has no build: run \`next build\` with output: 'standalone' first.`);
  }
  const { nodeFileTrace } = createRequire(import.meta.url)('next/dist/compiled/@vercel/nft');
  const { fileList } = await nodeFileTrace(
    [...ENTRIES, ...COMPUTED_IMPORTS].map((entry) => path.join(dir, entry)),
    { base: dir, processCwd: dir, ignore: (/** @type {string} */ file) => tracedByNext(file) || checkoutOnly(file) },
  );
  let copied = 0;
  for (const file of /** @type {Set<string>} */ (fileList)) {
    const target = path.join(folder, file);
    if (statSync(path.join(dir, file)).isDirectory()) continue;
    // Packages Next copied are the same files; our own are copied again, so a second run picks up edits.
    if (file.startsWith('node_modules/') && existsSync(target)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(dir, file), target);
    copied++;
  }
  cpSync(path.join(dir, 'db', 'migrations'), path.join(folder, 'db', 'migrations'), { recursive: true });
  cpSync(path.join(dist, 'static'), path.join(folder, distDir, 'static'), { recursive: true });
  if (existsSync(path.join(dir, 'public'))) cpSync(path.join(dir, 'public'), path.join(folder, 'public'), { recursive: true });
  return { folder, copied };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { folder, copied } = await assembleStandalone();
  console.log(`standalone server ready in ${path.relative(process.cwd(), folder) || '.'} (${copied} files added to Next's trace): cd there and run \`node --max-semi-space-size=32 scripts/start.mjs\``);
}
