import type { Branch } from '@shared/contract/branches.ts';
import { t } from '@shared/i18n/i18n.ts';
import { PATHS, pathTo } from '@shared/paths.ts';
import { Link } from 'react-router';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useWallClock } from '@client/lib/use-wall-clock.ts';
import { useBranches } from '@client/data/branches.ts';
import { BranchOpening } from './branch-opening.tsx';

/** /branches: the brand's open branches, each with its address, whether it is open and a link to its page. */
export function BranchList() {
  const branches = useBranches();
  return (
    <section aria-labelledby="branches-title" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 id="branches-title" className="mb-8 text-3xl font-bold sm:text-4xl">
        {t('branches.title', 'Our branches')}
      </h1>
      {branches.isError ? (
        <QueryError
          what="our branches"
          error={branches.error}
          onRetry={() => void branches.refetch()}
          retrying={branches.isFetching}
        />
      ) : branches.isPending ? (
        <Spinner label={t('branches.loading', 'Loading our branches')} />
      ) : branches.data.length === 0 ? (
        <p>{t('branches.none', 'No branch is open at the moment.')}</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {branches.data.map((branch) => (
            <BranchCard key={branch._id} branch={branch} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BranchCard({ branch }: { branch: Branch }) {
  const clock = useWallClock(branch.timeZone);
  return (
    <li className="flex flex-col gap-3 rounded-box bg-base-100 p-6 shadow-sm">
      <h2 className="text-xl font-semibold">
        <Link className="link link-hover" to={pathTo(PATHS.branch, { slug: branch.slug })}>
          {branch.name}
        </Link>
      </h2>
      <address className="not-italic">{branch.address}</address>
      <BranchOpening branch={branch} clock={clock} />
    </li>
  );
}
