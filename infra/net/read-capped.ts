/** Reads at most `maxBytes` of a body, then stops reading (a huge response never fills memory). */
export async function readCapped(
  body: AsyncIterable<Uint8Array> | null,
  maxBytes: number,
): Promise<{ text: string; cut: boolean }> {
  if (!body) return { text: '', cut: false };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(Buffer.from(chunk));
    size += chunk.byteLength;
    if (size > maxBytes) return { text: Buffer.concat(chunks).toString('utf8'), cut: true };
  }
  return { text: Buffer.concat(chunks).toString('utf8'), cut: false };
}
