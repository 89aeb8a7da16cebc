import type { z } from 'zod';
import type { Changed } from '@shared/contract/common.ts';
import type {
  CreateProductBody,
  ImageUploadResponse,
  UpdateProductBody,
  productChangedResponse,
  categoryChangedResponse,
} from '@shared/contract/catalog.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest, readAccessToken } from '@client/lib/access-token.ts';
import { ApiError } from '@client/lib/api-client.ts';

/**
 * Menu management (docs/reference/operations.md): admins add, edit and remove dishes and categories and
 * upload pictures; staff switch availability. Every change refreshes what the storefront
 * caches of the menu (the ['catalog'] queries), so this tab shows it at once.
 */
function useMenuMutation<V, T>(run: (variables: V) => Promise<Changed<T>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: ['catalog'] }) });
}

export const useCreateProduct = () =>
  useMenuMutation((body: CreateProductBody) =>
    authorizedRequest<z.infer<typeof productChangedResponse>>('/api/v1/allProductsData', { method: 'POST', body }),
  );

export const useUpdateProduct = () =>
  useMenuMutation(({ id, body }: { id: string; body: UpdateProductBody }) =>
    authorizedRequest<z.infer<typeof productChangedResponse>>(`/api/v1/allProductsData/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
    }),
  );

/** PATCH /api/v1/allProductsData/{id}/options/{valueId} (staff): one option value on or off. */
export const useSetOptionAvailability = () =>
  useMenuMutation(({ productId, valueId, available }: { productId: string; valueId: number; available: boolean }) =>
    authorizedRequest<z.infer<typeof productChangedResponse>>(
      `/api/v1/allProductsData/${encodeURIComponent(productId)}/options/${valueId}`,
      { method: 'PATCH', body: { available } },
    ),
  );

export const useRemoveProduct = () =>
  useMenuMutation((id: string) =>
    authorizedRequest<z.infer<typeof productChangedResponse>>(`/api/v1/allProductsData/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
  );

export const useCreateCategory = () =>
  useMenuMutation(({ name, nameBn }: { name: string; nameBn: string }) =>
    authorizedRequest<z.infer<typeof categoryChangedResponse>>('/api/v1/categorys', {
      method: 'POST',
      body: { name, translations: { bn: { name: nameBn } } },
    }),
  );

export const useRenameCategory = () =>
  useMenuMutation(({ id, name, nameBn }: { id: string; name: string; nameBn: string }) =>
    authorizedRequest<z.infer<typeof categoryChangedResponse>>(`/api/v1/categorys/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { name, translations: { bn: { name: nameBn } } },
    }),
  );

export const useRemoveCategory = () =>
  useMenuMutation((id: string) =>
    authorizedRequest<z.infer<typeof categoryChangedResponse>>(`/api/v1/categorys/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
  );

/**
 * POST /api/v1/images with the upload's progress (fetch cannot report it; XMLHttpRequest can).
 * Resolves with the 640 px rendition's URL and the srcset of all three.
 */
export function uploadDishPicture(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImageUploadResponse['data']> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/images');
    const token = readAccessToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('accept', 'application/json');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as (Partial<ImageUploadResponse> & { message?: string }) | null;
      if (request.status === 201 && body?.data) resolve(body.data);
      else reject(new ApiError(`HTTP error! Status: ${request.status}`, request.status, body?.message));
    };
    request.onerror = () => reject(new ApiError('Network error: the server could not be reached.', 0));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}
