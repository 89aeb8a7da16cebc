import sharp from 'sharp';
import { type TestAccount, bearer } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** An 800 × 600 picture uploaded by an admin (POST /api/v1/images): the URL a dish's `img` may name. */
export async function uploadDishPicture(t: TestApp, admin: Pick<TestAccount, 'accessToken'>): Promise<string> {
  const file = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  const boundary = '----dish-picture';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="dish.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/images',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
  return res.json<{ data: { url: string } }>().data.url;
}
