import type { Usage } from '../../contracts/generation/index.js';
import {
  WEB_SCRAPE_IMAGE_DESCRIPTION_TOKENS,
  WEB_SCRAPE_MAX_IMAGE_BYTES,
} from '../../contracts/builtins/web-scrape.js';
import type { BuiltinCall } from './context.js';
import { guardedFetch, ssrfBlock, tooLarge } from './guarded-fetch.js';
import { openNestedModel } from './nested-model.js';
import type { PageImage } from './page-reading.js';

/**
 * web_scrape's includeImages: each image is fetched here, through the SSRF guard and the tool's
 * allowedHosts like the page, and sent to the vision model as a data: URL. Handing the provider
 * the page's URL instead would have it fetch addresses this service never checked, and a page on a
 * private network would get an image the provider cannot reach.
 */

export type DescribedImage = PageImage & ({ description: string } | { error: string });

/** The bytes' image type, by their signature (the server's content-type is not trusted). */
function imageType(bytes: Buffer): string | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return undefined;
}

/** Reads the body up to `max` bytes; more is an error (an image cut short is no image). */
async function readImage(body: AsyncIterable<Uint8Array> | null, max: number): Promise<Buffer | null> {
  if (!body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > max) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

async function fetchImage(
  call: BuiltinCall,
  image: PageImage,
  opts: { signal: AbortSignal; allowedHosts: string[] | undefined },
): Promise<{ dataUrl: string } | { error: string }> {
  try {
    const fetched = await guardedFetch(
      image.url,
      { method: 'GET', headers: { accept: 'image/png,image/jpeg,image/gif,image/webp' } },
      { dispatcher: call.dispatcher, signal: opts.signal, allowedHosts: opts.allowedHosts },
    );
    if ('refused' in fetched) return { error: fetched.refused };
    if (!fetched.response.ok) {
      await fetched.response.body?.cancel();
      return { error: `HTTP ${fetched.response.status}` };
    }
    const bytes = await readImage(fetched.response.body, WEB_SCRAPE_MAX_IMAGE_BYTES);
    if (!bytes) return { error: `larger than ${WEB_SCRAPE_MAX_IMAGE_BYTES} bytes` };
    const type = imageType(bytes);
    if (!type) return { error: 'not a PNG, JPEG, GIF or WebP image' };
    return { dataUrl: `data:${type};base64,${bytes.toString('base64')}` };
  } catch (err) {
    if (opts.signal.aborted) throw err;
    const blocked = ssrfBlock(err);
    if (blocked) return { error: blocked.message };
    if (tooLarge(err)) return { error: `larger than ${WEB_SCRAPE_MAX_IMAGE_BYTES} bytes` };
    const cause = (err as { cause?: unknown }).cause;
    return { error: `Request failed: ${cause instanceof Error ? cause.message : (err as Error).message}` };
  }
}

/**
 * Describes the images with `model` of the generation's provider, all at once. The calls are one
 * `model_call` trace entry (their summed usage), as for the other builtins' nested calls.
 */
export async function describeImages(
  call: BuiltinCall,
  images: PageImage[],
  opts: { model: string; pageUrl: string; signal: AbortSignal; allowedHosts: string[] | undefined },
): Promise<{ images: DescribedImage[]; usage?: Usage }> {
  if (images.length === 0) return { images: [] };
  const fetched = await Promise.all(images.map((image) => fetchImage(call, image, opts)));
  if (!fetched.some((f) => 'dataUrl' in f))
    return { images: images.map((image, i) => ({ ...image, error: (fetched[i] as { error: string }).error })) };
  // The nested call takes the vision model and its token cap in place of the tool's own config.
  const nested = await openNestedModel({
    ...call,
    config: { model: opts.model, maxTokens: WEB_SCRAPE_IMAGE_DESCRIPTION_TOKENS },
  });
  const described = await Promise.all(
    images.map(async (image, i): Promise<DescribedImage> => {
      const got = fetched[i]!;
      if ('error' in got) return { ...image, error: got.error };
      const reply = await nested.ask({
        messages: [
          {
            role: 'user',
            content: [
              {
                type: 'text',
                text:
                  `Describe this image from the web page ${opts.pageUrl} in at most three sentences: what it shows ` +
                  `and any text in it.${image.alt ? ` Its alt text: ${image.alt}` : ''}`,
              },
              { type: 'image_url', image_url: { url: got.dataUrl } },
            ],
          },
        ],
      });
      return 'error' in reply
        ? { ...image, error: reply.error }
        : { ...image, description: reply.message.content ?? '' };
    }),
  );
  // The entry is an error when every model call failed (images that could not be read made none).
  const asked = described.filter((_, i) => 'dataUrl' in fetched[i]!);
  const failed = asked.find((d): d is DescribedImage & { error: string } => 'error' in d);
  const allFailed = asked.every((d) => 'error' in d);
  await nested.record(allFailed && failed ? { status: 'error', error: failed.error } : { status: 'success' });
  return { images: described, usage: { ...nested.usage } };
}
