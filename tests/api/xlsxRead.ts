// Reads the XLSX files our exports write, as a spreadsheet program would: the ZIP's central
// directory, each entry inflated and its CRC checked, the sheet's rows and typed cells. Only what
// the tests need (one sheet, inline and shared strings); it fails on anything malformed.
import zlib from 'node:zlib';

export function unzip(file: Buffer): Map<string, string> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < entries; i++) {
    if (file.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = file.readUInt16LE(at + 10);
    const crc = file.readUInt32LE(at + 16);
    const compressed = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const extra = file.readUInt16LE(at + 30);
    const comment = file.readUInt16LE(at + 32);
    const offset = file.readUInt32LE(at + 42);
    const name = file.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (file.readUInt32LE(offset) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const dataStart = offset + 30 + file.readUInt16LE(offset + 26) + file.readUInt16LE(offset + 28);
    const raw = file.subarray(dataStart, dataStart + compressed);
    const data = method === 8 ? zlib.inflateRawSync(raw) : raw;
    if (data.length !== size) throw new Error(`size of ${name}`);
    if (zlib.crc32(data) !== crc) throw new Error(`CRC of ${name}`);
    out.set(name, data.toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

export interface Cell {
  /** `t` attribute: inlineStr, s (a shared string), b, or none (a number). */
  type: string | null;
  /** `s` attribute: the style index (1 date-time, 2 date, 3 money, 4 header). */
  style: number;
  /** The text (a shared string's own) or the number as written; null for an empty cell. */
  value: string | null;
}

const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
  .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** The 1-based column of a cell reference's letters ("B7" -> 2). */
const columnOf = (ref: string) => [...ref.replace(/\d+$/, '')].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/**
 * The rows as a strict reader sees them (#39): each row where its `r` says and each cell at its
 * reference, which every row and cell must carry (exceljs places nothing without them).
 */
export function sheetRows(sheet: string, shared: string[] = []): Cell[][] {
  const rows: Cell[][] = [];
  for (const row of sheet.matchAll(/<row\b([^>]*)>(.*?)<\/row>/gs)) {
    const r = /\br="(\d+)"/.exec(row[1]!)?.[1];
    if (!r) throw new Error('a row without its r reference');
    if (Number(r) !== rows.length + 1) throw new Error(`row ${r} where row ${rows.length + 1} was due`);
    const cells: Cell[] = [];
    for (const c of row[2]!.matchAll(/<c\b([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)) {
      const attrs = c[1]!;
      const ref = /\br="([A-Z]+)(\d+)"/.exec(attrs);
      if (!ref || ref[2] !== r) throw new Error(`a cell without its reference in row ${r}: <c${attrs}>`);
      if (columnOf(ref[1]!) !== cells.length + 1) throw new Error(`cell ${ref[1]}${r} out of place`);
      const type = /\bt="([^"]+)"/.exec(attrs)?.[1] ?? null;
      const style = Number(/\bs="(\d+)"/.exec(attrs)?.[1] ?? 0);
      const body = c[2];
      const written = body === undefined ? null
        : type === 'inlineStr' ? unescape(/<t[^>]*>(.*?)<\/t>/s.exec(body)?.[1] ?? '') : /<v>(.*?)<\/v>/s.exec(body)?.[1] ?? null;
      const value = type === 's' && written !== null ? shared[Number(written)] : written;
      if (value === undefined) throw new Error(`shared string ${written} of ${ref[1]}${r} is not in sharedStrings.xml`);
      cells.push({ type, style, value });
    }
    rows.push(cells);
  }
  return rows;
}

/** The workbook's sheet rows, after checking the parts a spreadsheet program needs are there. */
export function readXlsx(file: Buffer): { rows: Cell[][]; sheet: string; parts: Map<string, string> } {
  const parts = unzip(file);
  for (const name of ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml']) {
    if (!parts.has(name)) throw new Error(`missing ${name}`);
  }
  const sheet = parts.get('xl/worksheets/sheet1.xml')!;
  // Shared strings: listed in the content types and the workbook's relationships, or not there at all.
  const sst = parts.get('xl/sharedStrings.xml');
  const declared = parts.get('[Content_Types].xml')!.includes('/xl/sharedStrings.xml') && parts.get('xl/_rels/workbook.xml.rels')!.includes('sharedStrings.xml');
  if ((sst !== undefined) !== declared) throw new Error('sharedStrings.xml and its declarations disagree');
  const shared = sst === undefined ? [] : [...sst.matchAll(/<si>(.*?)<\/si>/gs)].map((si) => unescape(/<t[^>]*>(.*?)<\/t>/s.exec(si[1]!)?.[1] ?? ''));
  return { rows: sheetRows(sheet, shared), sheet, parts };
}

/** An Excel serial date as `YYYY-MM-DD HH:mm` (wall clock, as written). */
export function serialToText(serial: string): string {
  // To the millisecond, then cut to the minute as to_char does (rounding to the second turned 07:10:59.6 into 07:11).
  const ms = Math.round((Number(serial) - 25569) * 86_400_000);
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}
