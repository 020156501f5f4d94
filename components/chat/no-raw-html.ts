/**
 * Stands in for `rehype-raw` in the bundles (next.config.mjs, turbopack.resolveAlias). Streamdown imports rehype-raw
 * for its default pipeline, and with it parse5, a whole HTML parser (about a third of the markdown chunk). We never
 * parse raw HTML: markdown-renderer.tsx drops the 'raw' step, so HTML in model text stays text. Should anything ever
 * put this plugin in a pipeline, it fails the render instead of quietly passing raw HTML through.
 */
export default function rehypeRawIsNotBundled(): never {
  throw new Error('Raw HTML is never parsed here: rehype-raw is not bundled (see components/chat/no-raw-html.ts).');
}
