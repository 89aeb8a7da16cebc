import type { Rolldown } from 'vite';

/** The chunks a chunk loads with it (itself included), and those of the first load (the entries'). */
export function chunkGraph(bundle: Rolldown.OutputBundle) {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
  const withImports = (fileName: string, into = new Set<string>()) => {
    if (into.has(fileName)) return into;
    into.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) withImports(imported, into);
    return into;
  };
  const initial = new Set<string>();
  for (const chunk of chunks.values()) if (chunk.isEntry) withImports(chunk.fileName, initial);
  /** The chunk that holds `moduleId` (a page module in a chunk of its own, or in a group's). */
  const holding = (moduleId: string) =>
    [...chunks.values()].find((chunk) => chunk.facadeModuleId === moduleId || Object.hasOwn(chunk.modules, moduleId));
  /** The files a page module loads beyond the first load's: the chunk holding it (first) and what that imports. */
  const pageFiles = (moduleId: string) => {
    const chunk = holding(moduleId);
    return chunk ? [...withImports(chunk.fileName)].filter((name) => !initial.has(name)) : undefined;
  };
  /** Every module of the bundle's chunks, facades included. */
  const moduleIds = () =>
    new Set(
      [...chunks.values()].flatMap((chunk) => [
        ...Object.keys(chunk.modules),
        ...(chunk.facadeModuleId ? [chunk.facadeModuleId] : []),
      ]),
    );
  return { chunks, withImports, initial, pageFiles, moduleIds };
}
