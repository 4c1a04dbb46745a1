// The npm peer of the export benchmark: the `sitemap` package's SitemapAndIndexStream with gzip.
//
// Usage: node bench/peer_sitemap_js.mjs ENTRIES.tsv OUT_DIR BASE_URL [LIMIT]
//
// Streams the entries of ENTRIES.tsv (one per line: loc, lastmod, changefreq, priority,
// tab-separated; empty fields are left out) through SitemapAndIndexStream with the given
// per-file limit (default 50,000), each sitemap piped through gzip into OUT_DIR, and the index,
// gzipped too, into OUT_DIR/sitemap-index.xml.gz. The package is loaded from bench/node/, where
// bench_export.py installs it (npm install --prefix bench/node sitemap).

import { createReadStream, createWriteStream } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";

const require = createRequire(new URL("./node/package.json", import.meta.url));
const { SitemapAndIndexStream, SitemapStream } = require("sitemap");

const [input, outDir, baseUrl, limitText] = process.argv.slice(2);
if (!input || !outDir || !baseUrl) {
  console.error("usage: node peer_sitemap_js.mjs ENTRIES.tsv OUT_DIR BASE_URL [LIMIT]");
  process.exit(2);
}
const limit = Number(limitText || 50000);

async function* items() {
  const lines = createInterface({ input: createReadStream(input), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const [url, lastmod, changefreq, priority] = line.split("\t");
    const item = { url };
    if (lastmod) item.lastmod = lastmod;
    if (changefreq) item.changefreq = changefreq;
    if (priority) item.priority = Number(priority);
    yield item;
  }
}

const sitemaps = new SitemapAndIndexStream({
  limit,
  getSitemapStream: (i) => {
    const sitemap = new SitemapStream();
    const name = `sitemap-${i}.xml.gz`;
    const file = createWriteStream(join(outDir, name));
    sitemap.pipe(createGzip()).pipe(file);
    return [new URL(name, baseUrl).toString(), sitemap, file];
  },
});

await pipeline(
  Readable.from(items()),
  sitemaps,
  createGzip(),
  createWriteStream(join(outDir, "sitemap-index.xml.gz")),
);
