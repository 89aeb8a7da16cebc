import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * One chunk per group of public pages, of the code those pages need beyond the entry's
 * (issue 47). Each group takes the modules its pages import statically (page modules under
 * the client root, e.g. app/routes/home.tsx) that neither the entry nor an earlier group has:
 * the first group's pages load the entry and one file; a later group's page loads that file
 * too, and its own. Worked out from the module graph when the build has read it (buildEnd),
 * so a module moving from one page to another moves with it, with no list of files to keep.
 *
 *   const chunks = pageChunks(clientRoot, [{ name: 'public', pages: ['app/routes/home.tsx'] }, …]);
 *   plugins: [chunks.plugin], build.rolldownOptions.output.codeSplitting.groups: chunks.groups
 */
const SHELL = 'shell';

export function pageChunks(clientRoot: string, groups: { name: string; pages: string[] }[]) {
  const members = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'page-chunks',
    apply: 'build',
    buildEnd() {
      const closure = (ids: string[], into: Set<string>, stop: Set<string>) => {
        const pending = [...ids];
        while (pending.length > 0) {
          const id = pending.pop() as string;
          if (into.has(id) || stop.has(id)) continue;
          into.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return into;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const taken = closure(entries, new Set(), new Set());
      members.clear();
      members.set(SHELL, new Set(taken));
      for (const group of groups) {
        const own = closure(
          group.pages.map((page) => join(clientRoot, page)),
          new Set(),
          taken,
        );
        for (const id of own) taken.add(id);
        members.set(group.name, own);
      }
    },
  };
  const codeSplittingGroups: Rolldown.CodeSplittingGroup[] = [{ name: SHELL }, ...groups].map((group, index, all) => ({
    name: group.name,
    test: (id: string) => members.get(group.name)?.has(id) ?? false,
    priority: all.length - index,
  }));
  return { plugin, groups: codeSplittingGroups };
}
