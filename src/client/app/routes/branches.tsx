import { t } from '@shared/i18n/i18n.ts';
import { useParams } from 'react-router';
import { ErrorScreen } from '@client/components/errors/error-screen.tsx';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useBranch } from '@client/data/branches.ts';
import { BranchDetails } from '@client/features/branches/components/branch-details.tsx';
import { BranchList } from '@client/features/branches/components/branch-list.tsx';
import { ApiError } from '@client/lib/api-client.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';

/** /branches : the brand's open branches (docs/reference/branches.md "Guests"). */
export function BranchesRoute() {
  useDocumentTitle(t('head.branches', 'Our branches'));
  return <BranchList />;
}

/** /branches/:slug : one branch's page; keyed by its slug, so a link to another starts afresh. */
export function BranchRoute() {
  const { slug = '' } = useParams();
  return <BranchPage key={slug} slug={slug} />;
}

function BranchPage({ slug }: { slug: string }) {
  const query = useBranch(slug);
  useDocumentTitle(
    query.data?.name ??
      (query.isError ? t('head.branchNotFound', 'Branch not found') : t('head.branches', 'Our branches')),
  );
  if (query.isError && !query.data) {
    // Unknown (404), not a slug at all (400) or archived (410): the not-found screen with the server's words.
    if (query.error instanceof ApiError && [400, 404, 410].includes(query.error.status))
      return <ErrorScreen detail={query.error.serverMessage ?? 'No such branch'} />;
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <QueryError
          what="this branch"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  if (query.isPending)
    return <Spinner className="min-h-[50vh]" label={t('branches.loadingBranch', 'Loading this branch')} />;
  return <BranchDetails branch={query.data} />;
}
