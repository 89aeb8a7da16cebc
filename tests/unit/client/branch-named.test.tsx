import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BranchNamed, useBranchOf } from '../../../src/client/components/ui/branch-named.tsx';
import type { Branch } from '../../../src/shared/contract/branches.ts';

afterEach(() => cleanup());

/** A branch as GET /api/v1/branches answers it (only what the name needs matters here). */
const branch = (id: string, name: string) => ({ _id: id, slug: name.toLowerCase(), name }) as Branch;

/** An order's line naming its branch, with the branches the header read already in the cache. */
function Order({ branchId }: { branchId: string }) {
  return <BranchNamed branch={useBranchOf()(branchId)} />;
}

function renderWith(branches: Branch[], branchId: string) {
  const client = new QueryClient();
  client.setQueryData(['branches'], branches);
  return render(
    <QueryClientProvider client={client}>
      <Order branchId={branchId} />
    </QueryClientProvider>,
  );
}

describe('a guest page names its branch (docs/reference/branches.md "Guests")', () => {
  it('says nothing with one branch: the page is as it was', () => {
    expect(renderWith([branch('1', 'Saffron Table')], '1').container.innerHTML).toBe('');
  });

  it("names the order's own branch from the second branch on", () => {
    const branches = [branch('1', 'Saffron Table'), branch('2', 'Gulshan')];
    expect(renderWith(branches, '2').container.textContent).toBe('At Gulshan');
    cleanup();
    expect(renderWith(branches, '1').container.textContent).toBe('At Saffron Table');
  });
});
