// Diagnosis, not a figure of `npm run bench`: what React commits when a run starts in a long session. A stub of
// React DevTools' global hook (installed before the page's scripts) sees every commit; for the commits from Send
// until `--ms` after it, this prints per commit the fibers React visits in its mutation phase, which components
// rendered (PerformedWork) and which carry mutation flags (Placement, Update, ChildDeletion, Ref, Visibility…),
// grouped by component, largest first, and which context providers gave a new value (named by their component). Deterministic for a build, unlike the long-task timings.
//   npx next build && node scripts/standalone.mjs && node bench/diag-fibers.mjs [--messages 2000] [--ms 1500] [--top 15] [--settle 2000]
import { parseArgs } from 'node:util';
import { startOurApp, startScripted } from './lib/apps.mjs';
import { launchBrowser } from './lib/browser.mjs';
import { agentRun } from './lib/scenarios.mjs';
import { seedSession } from './lib/seed.mjs';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '2000' }, ms: { type: 'string', default: '1500' }, top: { type: 'string', default: '15' }, settle: { type: 'string', default: '2000' } } });

/** In the page, before React loads: a hook React injects into, and a log of commits while `recording`. */
function installHook() {
  // React 19's flags (packages/react-reconciler/src/ReactFiberFlags.js).
  const FLAGS = { PerformedWork: 1, Placement: 2, Update: 4, ChildDeletion: 16, ContentReset: 32, Ref: 512, Visibility: 8192 };
  const MUTATION = 2 | 4 | 16 | 32 | 512 | 4096 | 8192;
  const nameOf = (fiber) => {
    const type = fiber.type;
    if (typeof type === 'string') return `<${type}>`;
    if (!type) return fiber.tag === 6 ? '#text' : `tag${fiber.tag}`;
    return type.displayName || type.name || type.render?.displayName || type.render?.name || type.type?.displayName || type.type?.name || `tag${fiber.tag}`;
  };
  const commits = [];
  let recording = false;
  const CONTEXT_PROVIDER = 10; // React 19's ContextProvider tag (packages/react-reconciler/src/ReactWorkTags.js)
  /** The nearest component above a fiber, for naming the context a provider gives. */
  const ownerOf = (fiber) => {
    for (let up = fiber.return; up; up = up.return) if (typeof up.type === 'function' || typeof up.type?.render === 'function' || up.type?.type) return nameOf(up);
    return 'root';
  };
  /** A production build's component names are minified: a context is told by the shape of its value. */
  const shapeOf = (value) => {
    if (value === null || typeof value !== 'object') return `(${typeof value} ${String(value).slice(0, 24)})`;
    if (value instanceof Map) return `(Map of ${value.size})`;
    if (Array.isArray(value)) return `(array of ${value.length})`;
    return `{${Object.keys(value).slice(0, 6).join(', ')}}`;
  };
  const summarize = (root) => {
    const rendered = new Map();
    const flagged = new Map();
    // Providers whose value changed in this commit: a changed context walks its whole subtree, and marks every
    // Suspense boundary still waiting to hydrate (the markdown's) as updated, which a non-transition update resolves by
    // discarding the server HTML and rendering the boundary on the client.
    const changedContexts = new Map();
    let visited = 0;
    let fibers = 0;
    const bump = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
    // Iterative walk: visited = fibers the mutation phase looks at (children of a visited fiber whose subtree has mutation flags).
    const stack = [{ fiber: root.current, visit: true }];
    while (stack.length) {
      const { fiber, visit } = stack.pop();
      fibers++;
      // Flags stay on fibers a render did not touch: only those the mutation phase reaches count.
      if (visit) {
        visited++;
        // Only where the mutation phase goes: flags and props of fibers this commit did not render are stale.
        if (fiber.tag === CONTEXT_PROVIDER && fiber.alternate && fiber.return?.flags & FLAGS.PerformedWork && !Object.is(fiber.memoizedProps?.value, fiber.alternate.memoizedProps?.value)) {
          bump(changedContexts, `${fiber.type?.displayName ?? 'context'} in ${ownerOf(fiber)} ${shapeOf(fiber.memoizedProps.value)}`);
        }
        if (fiber.flags & FLAGS.PerformedWork) bump(rendered, nameOf(fiber));
        if (fiber.flags & MUTATION) {
          const bits = Object.entries(FLAGS).filter(([, bit]) => bit !== 1 && fiber.flags & bit).map(([name]) => name).join('+');
          bump(flagged, `${nameOf(fiber)} ${bits}`);
        }
      }
      const childVisit = visit && (fiber.subtreeFlags & MUTATION) !== 0;
      for (let child = fiber.child; child; child = child.sibling) stack.push({ fiber: child, visit: childVisit });
    }
    const top = (map) => [...map].sort((a, b) => b[1] - a[1]);
    return { at: performance.now(), fibers, visited, rendered: top(rendered), flagged: top(flagged), contexts: top(changedContexts) };
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      const id = this.renderers.size + 1;
      this.renderers.set(id, renderer);
      return id;
    },
    onCommitFiberRoot(_id, root) {
      if (recording) commits.push(summarize(root));
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
  window.__fibers = {
    start: () => {
      commits.length = 0;
      recording = true;
      return performance.now();
    },
    stop: () => {
      recording = false;
      return commits;
    },
  };
}

const scripted = await startScripted();
const app = await startOurApp(scripted);
const browser = await launchBrowser();
try {
  const lastText = `Last message ${Math.random().toString(36).slice(2, 8)}.`;
  const { sessionId } = await seedSession(app, Number(values.messages), { lastText });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(installHook);
  await page.goto(`${app.url}/s/${sessionId}`);
  await page.getByText(lastText, { exact: false }).last().waitFor({ state: 'visible', timeout: 180_000 });
  await page.getByTestId('theme-toggle').locator('[aria-checked="true"]').first().waitFor({ timeout: 180_000 });
  // How long the page settles after it answers input (idle preloads, the markdown's hydration); 0: Send at once.
  await page.waitForTimeout(Number(values.settle));
  await page.getByTestId('composer-input').fill(agentRun({ steps: 0, tokens: 50, delayMs: 20, stamp: true }));
  const t0 = await page.evaluate(() => window.__fibers.start());
  await page.getByTestId('send-button').click();
  await page.waitForTimeout(Number(values.ms));
  const commits = await page.evaluate(() => window.__fibers.stop());
  const top = Number(values.top);
  console.log(`${commits.length} commits in ${values.ms} ms after Send (${values.messages} messages)`);
  for (const [i, commit] of commits.entries()) {
    if (commit.visited < 100 && i > 3) continue;
    console.log(`\n#${i} +${Math.round(commit.at - t0)} ms: ${commit.fibers} fibers, mutation phase visits ${commit.visited}`);
    console.log(`  rendered: ${commit.rendered.slice(0, top).map(([name, n]) => `${name}×${n}`).join(', ')}`);
    console.log(`  flagged:  ${commit.flagged.slice(0, top).map(([name, n]) => `${name}×${n}`).join(', ')}`);
    if (commit.contexts.length) console.log(`  contexts changed: ${commit.contexts.map(([name, n]) => `${name}${n > 1 ? `×${n}` : ''}`).join(', ')}`);
  }
  await context.close();
} finally {
  await browser.close();
  await app.stop?.();
  await scripted.stop?.();
}
