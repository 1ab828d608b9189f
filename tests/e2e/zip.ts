// A tiny ZIP reader for the XLSX exports: finds an entry through the central directory (the
// server streams its entries, so the local headers carry no sizes) and inflates it.
import zlib from 'node:zlib';

export function zipEntry(zip: Buffer, name: string): Buffer {
  // End of central directory: signature 0x06054b50, within the last 64 kB + 22 bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) throw new Error('not a zip file');
  const entries = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let n = 0; n < entries; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const entryName = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (entryName === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressed);
      return method === 0 ? Buffer.from(data) : zlib.inflateRawSync(data);
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`no ${name} in the zip file`);
}

/** The header texts and the number of data rows of an XLSX's first sheet (inline strings). */
/** The sheet's header, its rows under the header, and of those the totals rows under the autofilter's range. */
export function xlsxSheet(xlsx: Buffer): { header: string[]; rows: number; totalsRows: number } {
  const xml = zipEntry(xlsx, 'xl/worksheets/sheet1.xml').toString('utf8');
  const firstRow = xml.match(/<row\b[^>]*>([\s\S]*?)<\/row>/)?.[1] ?? '';
  const unescape = (t: string) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  const header = [...firstRow.matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)].map((m) => unescape(m[1]!));
  const rows = (xml.match(/<row[\s>]/g) ?? []).length - 1;
  const filtered = Number(/<autoFilter ref="[A-Z]+1:[A-Z]+(\d+)"/.exec(xml)?.[1] ?? rows + 1) - 1;
  return { header, rows, totalsRows: rows - filtered };
}

/** RFC 4180 records of a CSV text (quoted fields may hold separators, quotes and line breaks). */
export function csvRecords(text: string, separator = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) { record.push(field); field = ''; } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      record.push(field); records.push(record); record = []; field = '';
    } else field += c;
  }
  if (field !== '' || record.length) { record.push(field); records.push(record); }
  return records;
}
