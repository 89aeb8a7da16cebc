/**
 * What a guest sees when a read fails: a plain sentence and a Retry button. SPEC.md §8
 * only logs such failures; a guest should not be left staring at a spinner.
 */
export function QueryError({ what, onRetry, retrying = false }: { what: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="alert alert-error alert-soft mx-auto my-8 max-w-xl flex-wrap justify-between">
      <span>We could not load {what}. Please check your connection and try again.</span>
      <button type="button" className="btn btn-sm btn-error" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}
