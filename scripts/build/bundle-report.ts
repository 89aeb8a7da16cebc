import { writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';
import { chunkGraph } from './chunk-graph.ts';

/**
 * The build's bundle report and the first load's budget (issue 47; docs/reference/design.md "Budgets").
 *
 * For every public page: the JavaScript a browser loads for it before it answers a tap (the
 * entry with what it imports, which the page starter loads, the page module's chunk with
 * what that imports, which the starter loads alongside, and a worker those start), each file
 * gzipped at level 9
 * (the budget's measure), and the page's biggest sources (a package under node_modules
 * counted as one; a file of ours by its path), each by its share of the raw code and its size
 * gzipped alone (more than its share of the chunk's gzip, whose dictionary the sources share).
 * Written to dist/bundle-report.json and .txt (outside the served folder) and printed.
 *
 * A page over its budget fails the build, so `npm test` and CI fail with it. The browser test
 * tests/e2e/guest/first-load.test.ts checks that a browser loads exactly these files for each page.
 */

export interface PageBudget {
  /** The address, as the README names it. */
  page: string;
  /** The page's module under the client root, e.g. app/routes/home.tsx. */
  module: string;
  /** Most KB (1,024 bytes) gzip -9 of its first load; none: listed only. */
  budgetKb?: number;
}

export interface PageFirstLoad {
  page: string;
  module: string;
  budgetKb: number | null;
  gzipBytes: number;
  rawBytes: number;
  /** `onDemand`: a worker the page's code may start (counted in the budget, loaded only when a screen asks for it). */
  files: { file: string; rawBytes: number; gzipBytes: number; onDemand?: true }[];
  /** Of the whole first load. */
  biggest: Source[];
  /** Of the page's own files (beyond the entry's). */
  ownBiggest: Source[];
}

interface Source {
  source: string;
  rawBytes: number;
  gzipAloneBytes: number;
}

const BIGGEST = 6;

/** A module id as a source: a package name (scoped too), or a path under the project root. */
function sourceOf(id: string, projectRoot: string): string {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const parts = clean.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at >= 0) {
    const name = parts[at + 1] ?? clean;
    return name.startsWith('@') ? `${name}/${parts[at + 2] ?? ''}` : name;
  }
  return clean.startsWith(projectRoot) ? relative(projectRoot, clean).split(sep).join('/') : clean;
}

export function firstLoads(
  bundle: Rolldown.OutputBundle,
  pages: PageBudget[],
  clientRoot: string,
  projectRoot: string,
): PageFirstLoad[] {
  const { chunks, initial, pageFiles } = chunkGraph(bundle);
  const scriptAssets = Object.values(bundle).filter(
    (file): file is Rolldown.OutputAsset => file.type === 'asset' && file.fileName.endsWith('.js'),
  );
  const gzipOf = new Map<string, number>();
  const gzipBytes = (fileName: string) => {
    let size = gzipOf.get(fileName);
    if (size === undefined) {
      size = gzipSync(chunks.get(fileName)?.code ?? '', { level: 9 }).length;
      gzipOf.set(fileName, size);
    }
    return size;
  };
  return pages.map(({ page, module, budgetKb }) => {
    const own = pageFiles(join(clientRoot, module));
    if (!own) throw new Error(`bundle report: no chunk holds ${module} (${page})`);
    const fileNames = [...initial, ...own];
    // A script the page's files start by its URL (a worker: `new Worker(new URL(…))`), emitted as an asset.
    const started = scriptAssets.filter((asset) =>
      fileNames.some((file) => chunks.get(file)?.code.includes(asset.fileName)),
    );
    const files = [
      ...fileNames.map((file) => ({
        file,
        rawBytes: Buffer.byteLength(chunks.get(file)?.code ?? ''),
        gzipBytes: gzipBytes(file),
      })),
      ...started.map((asset) => ({
        file: asset.fileName,
        rawBytes: Buffer.byteLength(asset.source),
        gzipBytes: gzipSync(asset.source, { level: 9 }).length,
        onDemand: true as const,
      })),
    ];
    const biggestOf = (names: string[]) => {
      const sources = new Map<string, string[]>();
      for (const file of names) {
        for (const [id, rendered] of Object.entries(chunks.get(file)?.modules ?? {})) {
          if (!rendered.code) continue;
          const source = sourceOf(id, projectRoot);
          sources.set(source, [...(sources.get(source) ?? []), rendered.code]);
        }
      }
      return [...sources]
        .map(([source, code]) => ({ source, rawBytes: code.reduce((sum, c) => sum + Buffer.byteLength(c), 0), code }))
        .sort((a, b) => b.rawBytes - a.rawBytes)
        .slice(0, BIGGEST)
        .map(({ source, rawBytes, code }) => ({
          source,
          rawBytes,
          gzipAloneBytes: gzipSync(code.join('\n'), { level: 9 }).length,
        }));
    };
    return {
      page,
      module,
      budgetKb: budgetKb ?? null,
      gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
      files,
      biggest: biggestOf(fileNames),
      ownBiggest: biggestOf(own),
    };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function reportText(loads: PageFirstLoad[]): string {
  const lines = [
    "JavaScript of each public page's first load (gzip -9; budget where set), its files and its biggest sources (raw; gzip alone):",
  ];
  for (const load of loads) {
    const verdict =
      load.budgetKb === null
        ? ''
        : ` (budget ${load.budgetKb} KB: ${load.gzipBytes <= load.budgetKb * 1024 ? 'within' : 'OVER'})`;
    lines.push(`${load.page}  ${kb(load.gzipBytes)}${verdict}, ${kb(load.rawBytes)} raw`);
    lines.push(`  files: ${load.files.map((f) => `${f.file.replace(/^assets\//, '')} ${kb(f.gzipBytes)}`).join(', ')}`);
    const row = (big: Source) =>
      `    ${big.source.padEnd(64)} ${kb(big.rawBytes).padStart(9)} ${kb(big.gzipAloneBytes).padStart(9)}`;
    lines.push('  biggest:', ...load.biggest.map(row));
    if (load.ownBiggest.length > 0) lines.push('  biggest of its own files:', ...load.ownBiggest.map(row));
  }
  return `${lines.join('\n')}\n`;
}

/** The Vite plugin: writes the report next to the served folder and fails the build on a page over its budget. */
export function bundleReport(options: { pages: PageBudget[]; clientRoot: string; projectRoot: string }): Plugin {
  return {
    name: 'bundle-report',
    apply: 'build',
    enforce: 'post',
    async writeBundle(output, bundle) {
      if (!output.dir) return;
      const loads = firstLoads(bundle, options.pages, options.clientRoot, options.projectRoot);
      const text = reportText(loads);
      await Promise.all([
        writeFile(join(output.dir, '..', 'bundle-report.json'), `${JSON.stringify(loads, null, 2)}\n`),
        writeFile(join(output.dir, '..', 'bundle-report.txt'), text),
      ]);
      this.info(`\n${text}`);
      const over = loads.filter((load) => load.budgetKb !== null && load.gzipBytes > load.budgetKb * 1024);
      if (over.length > 0) {
        this.error(
          `the first load is over its budget: ${over.map((load) => `${load.page} ${kb(load.gzipBytes)} gzip -9 (budget ${load.budgetKb} KB)`).join('; ')}. ` +
            'See dist/bundle-report.txt for its biggest sources; load what the first screen does not need after it.',
        );
      }
    },
  };
}
