import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** A ZIP of these entries, in memory: a name ending in "/" is a folder, a stream is deflated as it is read. */
export async function zipOf(entries: Record<string, Buffer | string | Readable>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name);
    else if (content instanceof Readable) zip.addReadStream(content, name);
    else zip.addBuffer(Buffer.from(content), name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** `mib` MiB of zeros as a stream, never whole in memory: a ZIP entry that inflates a thousandfold. */
export function zeros(mib: number): Readable {
  async function* megabytes() {
    const mb = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < mib; i++) yield mb;
  }
  return Readable.from(megabytes());
}
