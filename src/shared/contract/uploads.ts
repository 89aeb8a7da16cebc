import { z } from 'zod';

/** POST /api/v1/uploads (multipart field `image`): the spec's image host, on our own server. */
export const uploadResponse = z.object({
  success: z.literal(true),
  data: z.object({ display_url: z.string() }),
});
export type UploadResponse = z.infer<typeof uploadResponse>;
