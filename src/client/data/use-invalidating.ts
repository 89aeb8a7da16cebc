import type { Changed } from '@shared/contract/common.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A mutation that asks again for the given queries once it settles (the host's book, the dining room). */
export function useInvalidating<V, T>(run: (variables: V) => Promise<Changed<T>>, keys: string[][]) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))) });
}
