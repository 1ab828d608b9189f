// XLSX exports of whole filtered lists, streamed. PostgreSQL writes the sheet itself: each row of
// the list query becomes one `<row>` of SpreadsheetML in SQL (typed cells: numbers as numbers,
// dates as Excel serial dates with a date format, codes as their labels), and COPY streams those
// lines out (copy.ts, as the CSV does). Node only deflates them into the one streamed entry
// of a ZIP file and adds the few small parts of a workbook around it (styles, a frozen header row,
// an autofilter over the rows written). Memory stays flat whatever the size; the speed is COPY's
// plus deflate's.
//
// Why not a library: a streaming writer such as exceljs' builds JavaScript objects per row and
// cell in the serving process, where here PostgreSQL writes the rows and Node only deflates them;
// the format needed is small (one sheet, inline strings, four styles). The benchmark measures it
// next to the CSV and \copy (docs/decisions.md, "Lists from declarations").
//
// #39 Strict readers (exceljs, openpyxl behind pandas) place a cell only by its reference: every
// `<row>` carries `r="n"` and every `<c>` its `r="B7"`, empty cells too (LibreOffice guessed the
// positions; exceljs refused all eight lists). The row number is PostgreSQL's row_number() over
// the ordered rows, + 1 for the header.
import { Transform, pipeline, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { currencyAffixes, type Currency } from '../../domain/money';
import { startCopy } from './copy';
import type { Lang } from './messages';

/** What a column holds, and so how its cell is written. */
export type XlsxKind = 'int' | 'text' | 'money' | 'date' | 'datetime' | 'bool';

export interface XlsxColumn {
  header: string;
  kind: XlsxKind;
  /** The list query's output column holding the cell's SQL text after its reference (xlsxCellSql). */
  key: string;
}

/** A currency as an XLSX money format writes it (domain/money.ts Currency, with its row id). */
export interface XlsxCurrency { id: number; code: string; unicode: string | null; is_before: boolean; blank_place: boolean }

/** What the money cells of a sheet are written in: the currencies, and the language (the title of an amount without one). */
export interface XlsxMoney { currencies: XlsxCurrency[]; lang: Lang }

/**
 * Rows written under the list, outside its autofilter (sorting the sheet leaves them last): `label`
 * in the first cell, then per row the value of each column (a decimal amount or null) in the
 * money format of `currencyId` (null: the default title; undefined: no currency).
 */
export interface XlsxTotals { label: string; rows: { currencyId: number | null | undefined; cells: (string | null)[] }[] }

/** What a sheet's cells refer to beyond the rows: money formats, the totals rows, the shared strings. */
export interface XlsxSheet { money?: XlsxMoney; totals?: XlsxTotals; strings?: SharedStrings }

/** Rows a sheet can hold (Excel's limit) less the header: an export stops there. */
export const XLSX_MAX_ROWS = 1_048_575;
/** The media type of an XLSX answer. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Cell styles of styles.xml, by index.
const STYLE = { none: 0, datetime: 1, date: 2, money: 3, header: 4 } as const;
/** The money style of the default title; the currencies' styles follow it, in the order given. */
const FIRST_CURRENCY_STYLE = 5;

/**
 * A number format text with the currency where the currency puts it ("#,##0.00\u00a0"₽"",
 * ""$"#,##0.00"): the affixes of domain/money.ts's one rule, so a cell reads as the screen's amount
 * (the spreadsheet program supplies the digits' marks of its own locale).
 */
export function currencyFormatCode(currency: Currency | null, lang: Lang): string {
  const { before, after } = currencyAffixes(currency, lang);
  const quoted = (text: string) => (text ? `"${text.replace(/"/g, '')}"` : '');
  return `${quoted(before)}#,##0.00${quoted(after)}`;
}

/** Text for XML: the five escapes, and the characters XML 1.0 cannot hold dropped. */
export function xmlText(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Control characters XML 1.0 cannot hold, as one SQL literal for translate(), which drops them.
 * (No NUL: PostgreSQL text never holds one.) */
const XML_FORBIDDEN = `E'${Array.from({ length: 31 }, (_, i) => i + 1).filter((i) => i !== 9 && i !== 10 && i !== 13)
  .map((i) => `\\x${i.toString(16).padStart(2, '0')}`).join('')}'`;

/** The same characters as a regular expression's class: translate() runs only on a value that holds one. */
const XML_FORBIDDEN_CLASS = `E'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f]'`;

/** What xmlTextSql changes: the markup characters and the control characters (line breaks among them). */
const XML_SPECIAL_CLASS = `E'[&<>\\x01-\\x1f]'`;

/**
 * SQL that escapes a text value for XML; line breaks become character references, so a row stays one
 * line. translate() over Cyrillic text cost half the XLSX export's time (#49, measured: 300,000 orders,
 * PostgreSQL's COPY 6.1 s -> 3.8 s with the test before it, the same bytes out).
 */
function xmlTextSql(value: SQL): SQL {
  const escaped = sql`replace(replace(replace(replace(replace(CASE WHEN ${value} ~ ${sql.raw(XML_FORBIDDEN_CLASS)} THEN translate(${value}, ${sql.raw(XML_FORBIDDEN)}, '') ELSE ${value} END, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\\n', '&#10;'), E'\\r', '&#13;')`;
  // Most text (names, e-mails) holds nothing to escape: one test instead of the five replace() calls (#49).
  return sql`CASE WHEN ${value} ~ ${sql.raw(XML_SPECIAL_CLASS)} THEN ${escaped} ELSE ${value} END`;
}

/** The SQL of a row's number in the sheet as text (row_number() of the COPY's query, the header being 1), made once a row. */
const ROW_SQL = 'xlsx_r';

/**
 * The SQL text of one cell after its reference (`<c r="B7"` is written around it per row): the
 * typed value (numbers as numbers, dates as Excel serial dates with a date format, booleans as
 * booleans, text as an inline string), or `"/>`, an empty cell, for NULL. `value` is the column's
 * SQL in the list query; `currency`, for money, the SQL of its currency's id.
 *
 * It is an output column of the list query itself (#49): PostgreSQL's parallel workers then compute
 * the cells, and the one process that merges the rows only numbers them and joins the parts
 * (measured in docs/decisions.md). The value is written once where it can be: `||` is NULL when
 * the value is, and coalesce() makes that the empty cell.
 */
export function xlsxCellSql(kind: XlsxKind, value: SQL, currency: SQL | undefined, money: XlsxMoney | undefined): SQL {
  const v = sql`(${value})`;
  const cell = (open: string, text: SQL, close = '</v></c>') => sql`coalesce(${sql.raw(`'${open}'`)} || ${text} || ${sql.raw(`'${close}'`)}, '"/>')`;
  switch (kind) {
    case 'int':
      return cell('"><v>', sql`${v}::text`);
    case 'money': {
      // Each currency its own style (its number format); no currency, the default title's.
      const literal = (n: number) => sql.raw(`'${n}'`);
      const style = currency && money
        ? sql`CASE WHEN (${currency}) IS NULL THEN ${literal(FIRST_CURRENCY_STYLE)} ${sql.join(money.currencies.map((c, i) => sql`WHEN (${currency}) = ${sql.raw(String(Number(c.id)))} THEN ${literal(FIRST_CURRENCY_STYLE + 1 + i)}`), sql` `)} ELSE ${literal(STYLE.money)} END`
        : literal(STYLE.money);
      return sql`coalesce('" s="' || ${style} || '"><v>' || ${v}::text || '</v></c>', '"/>')`;
    }
    case 'bool':
      return cell('" t="b"><v>', sql`${v}::int::text`);
    case 'date':
      // Days since 1899-12-30, Excel's day zero.
      return cell(`" s="${STYLE.date}"><v>`, sql`(${v}::date - date '1899-12-30')::text`);
    case 'datetime':
      // Days (with the time as a fraction) since Excel's day zero; float8 arithmetic, cheaper than numeric.
      return cell(`" s="${STYLE.datetime}"><v>`, sql`(date_part('epoch', ${v}::timestamp - timestamp '1899-12-30') / 86400)::text`);
    default:
      return cell('" t="inlineStr"><is><t xml:space="preserve">', xmlTextSql(sql`${v}::text`), '</t></is></c>');
  }
}

/**
 * The workbook's shared strings: the labels of a list's coded columns (an order's status, its type),
 * each written once in xl/sharedStrings.xml and referred to by its index from the cells. A sheet of
 * a million orders then holds `t="s"><v>3</v>` where it held the label as an inline string in every
 * row: #49 measured a fifth fewer bytes to write and deflate, and no escaping of those cells in SQL.
 */
export class SharedStrings {
  private readonly indexes = new Map<string, number>();

  /** The index of `text`, added if new. */
  of(text: string): number {
    let index = this.indexes.get(text);
    if (index === undefined) {
      index = this.indexes.size;
      this.indexes.set(text, index);
    }
    return index;
  }

  get size(): number {
    return this.indexes.size;
  }

  xml(): string {
    const items = [...this.indexes.keys()].map((text) => `<si><t xml:space="preserve">${xmlText(text)}</t></si>`).join('');
    return '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
      + `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${this.size}" uniqueCount="${this.size}">${items}</sst>`;
  }
}

/**
 * The cell of a coded column (like xlsxCellSql): a known code is its label, a shared string; any
 * other value is written as it is, as an inline string; NULL is an empty cell.
 */
export function xlsxLabelCellSql(code: SQL, labels: [string, string][], strings: SharedStrings): SQL {
  const whens = labels.map(([value, label]) => sql`WHEN ${value} THEN ${sql.raw(`'" t="s"><v>${strings.of(label)}</v></c>'`)}`);
  return sql`(CASE (${code})::text ${sql.join(whens, sql` `)} ELSE ${xlsxCellSql('text', code, undefined, undefined)} END)`;
}

/** The XML of the totals rows (values computed by the server, not formulas), the first at sheet row `firstRow`. */
export function totalsRowsXml(totals: XlsxTotals, money: XlsxMoney | undefined, firstRow: number): string {
  const styleOf = (currencyId: number | null | undefined) => {
    if (currencyId === undefined || !money) return STYLE.money;
    const i = money.currencies.findIndex((c) => c.id === currencyId);
    return currencyId === null ? FIRST_CURRENCY_STYLE : i < 0 ? STYLE.money : FIRST_CURRENCY_STYLE + 1 + i;
  };
  return totals.rows.map(({ currencyId, cells }, n) => {
    const r = firstRow + n;
    const xml = cells.map((value, i) => {
      const at = `r="${columnName(i + 1)}${r}"`;
      // A decimal as PostgreSQL wrote it ("18000.00"), as the rows' cells are.
      if (value !== null) return `<c ${at} s="${styleOf(currencyId)}"><v>${/^-?\d+(\.\d+)?$/.test(value) ? value : Number(value)}</v></c>`;
      return i === 0 ? `<c ${at} t="inlineStr" s="${STYLE.header}"><is><t>${xmlText(totals.label)}</t></is></c>` : `<c ${at}/>`;
    }).join('');
    return `<row r="${r}">${xml}</row>\n`;
  }).join('');
}

/** Column letters of a 1-based index (1 -> A, 27 -> AA). */
export function columnName(index: number): string {
  let name = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const WIDTH: Record<XlsxKind, number> = { int: 10, money: 14, date: 12, datetime: 17, bool: 10, text: 24 };

function sheetHead(columns: XlsxColumn[]): string {
  const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${WIDTH[c.kind]}" customWidth="1"/>`).join('');
  const header = columns.map((c, i) => `<c r="${columnName(i + 1)}1" t="inlineStr" s="${STYLE.header}"><is><t>${xmlText(c.header)}</t></is></c>`).join('');
  return '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    + '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
    + '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
    + '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
    + `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1">${header}</row>\n`;
}

function filterRange(columns: number, rows: number): string {
  return `A1:${columnName(columns)}${rows + 1}`;
}

/** The styles part: the fixed styles, then the money formats of the default title and of each currency. */
function styles(money?: XlsxMoney): string {
  const formats = money ? [currencyFormatCode(null, money.lang), ...money.currencies.map((c) => currencyFormatCode(c, money.lang))] : [];
  const numFmts = formats.map((code, i) => `<numFmt numFmtId="${167 + i}" formatCode="${xmlText(code)}"/>`).join('');
  const xfs = formats.map((_, i) => `<xf numFmtId="${167 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join('');
  return '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    + '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    + `<numFmts count="${3 + formats.length}"><numFmt numFmtId="164" formatCode="dd.mm.yyyy hh:mm"/><numFmt numFmtId="165" formatCode="dd.mm.yyyy"/>`
    + `<numFmt numFmtId="166" formatCode="#,##0.00"/>${numFmts}</numFmts>`
    + '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
    + '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
    + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    + `<cellXfs count="${FIRST_CURRENCY_STYLE + formats.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>`
    + '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    + '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    + '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    + `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${xfs}</cellXfs>`
    + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
}

/** The parts written after the sheet: they need the row count (the autofilter's range). */
function workbookParts(sheetName: string, columns: number, rows: number, money?: XlsxMoney, strings?: SharedStrings): [string, string][] {
  const shared = strings !== undefined && strings.size > 0;
  const range = filterRange(columns, rows).replace(/([A-Z]+)(\d+)/g, '$$$1$$$2');
  const quotedName = `'${sheetName.replace(/'/g, "''")}'`;
  return [
    ['[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
      + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
      + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
      + '<Default Extension="xml" ContentType="application/xml"/>'
      + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
      + '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
      + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
      + (shared ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : '')
      + '</Types>'],
    ['_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
      + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
      + '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
      + '</Relationships>'],
    ['xl/workbook.xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
      + '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
      + `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets>`
      + `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${xmlText(quotedName)}!${range}</definedName></definedNames>`
      + '</workbook>'],
    ['xl/_rels/workbook.xml.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
      + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
      + '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
      + '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>'
      + (shared ? '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' : '')
      + '</Relationships>'],
    ['xl/styles.xml', styles(money)],
    ...(shared ? [['xl/sharedStrings.xml', strings.xml()] as [string, string]] : []),
  ];
}

// ---- ZIP (PKWARE APPNOTE 6.3): local headers, one streamed entry with a data descriptor, central directory.

interface ZipEntry { name: Buffer; crc: number; compressed: number; size: number; offset: number; streamed: boolean }

function dosDateTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

const FLAG_UTF8 = 0x0800;
const FLAG_DESCRIPTOR = 0x0008;

function localHeader(e: ZipEntry, stamp: { time: number; date: number }): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(FLAG_UTF8 | (e.streamed ? FLAG_DESCRIPTOR : 0), 6);
  b.writeUInt16LE(8, 8);
  b.writeUInt16LE(stamp.time, 10);
  b.writeUInt16LE(stamp.date, 12);
  // A streamed entry's CRC and sizes follow its data (the descriptor).
  b.writeUInt32LE(e.streamed ? 0 : e.crc, 14);
  b.writeUInt32LE(e.streamed ? 0 : e.compressed, 18);
  b.writeUInt32LE(e.streamed ? 0 : e.size, 22);
  b.writeUInt16LE(e.name.length, 26);
  b.writeUInt16LE(0, 28);
  return Buffer.concat([b, e.name]);
}

function dataDescriptor(e: ZipEntry): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(e.crc, 4);
  b.writeUInt32LE(e.compressed, 8);
  b.writeUInt32LE(e.size, 12);
  return b;
}

function centralDirectory(entries: ZipEntry[], stamp: { time: number; date: number }, offset: number): Buffer {
  const parts = entries.map((e) => {
    const b = Buffer.alloc(46);
    b.writeUInt32LE(0x02014b50, 0);
    b.writeUInt16LE(20, 4);
    b.writeUInt16LE(20, 6);
    b.writeUInt16LE(FLAG_UTF8 | (e.streamed ? FLAG_DESCRIPTOR : 0), 8);
    b.writeUInt16LE(8, 10);
    b.writeUInt16LE(stamp.time, 12);
    b.writeUInt16LE(stamp.date, 14);
    b.writeUInt32LE(e.crc, 16);
    b.writeUInt32LE(e.compressed, 20);
    b.writeUInt32LE(e.size, 24);
    b.writeUInt16LE(e.name.length, 28);
    // Extra, comment, disk, internal and external attributes: none.
    b.writeUInt32LE(e.offset, 42);
    return Buffer.concat([b, e.name]);
  });
  const directory = Buffer.concat(parts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([directory, end]);
}

/**
 * Takes COPY's lines (one `<row>` each), writes the workbook as a ZIP: the sheet entry is deflated
 * as it streams; the small parts and the central directory follow once the rows are counted.
 */
class XlsxWriter extends Transform {
  private readonly stamp = dosDateTime(new Date());
  private readonly deflate = zlib.createDeflateRaw({ level: 1 });
  private readonly sheet: ZipEntry = { name: Buffer.from('xl/worksheets/sheet1.xml'), crc: 0, compressed: 0, size: 0, offset: 0, streamed: true };
  private written = 0;
  private rows = 0;
  private pendingCallback: TransformCallback | null = null;

  /** `rowsWritten`: the rows the COPY sent, asked once they are all in (the autofilter's range). */
  constructor(private readonly columns: XlsxColumn[], private readonly sheetName: string, private readonly rowsWritten: () => number,
    private readonly book: XlsxSheet) {
    super();
    this.out(localHeader(this.sheet, this.stamp));
    this.deflate.on('data', (chunk: Buffer) => {
      this.sheet.compressed += chunk.length;
      // The deflater's output goes on at the pace the client reads: pause it while the reply is full.
      if (!this.out(chunk)) this.deflate.pause();
    });
    this.sheetData(Buffer.from(sheetHead(columns), 'utf8'));
  }

  private out(chunk: Buffer): boolean {
    this.written += chunk.length;
    return this.push(chunk);
  }

  private sheetData(chunk: Buffer, done?: () => void): void {
    this.sheet.crc = zlib.crc32(chunk, this.sheet.crc);
    this.sheet.size += chunk.length;
    if (this.deflate.write(chunk)) done?.();
    else this.deflate.once('drain', () => done?.());
  }

  // The client wants more: let the deflater go on.
  override _read(size: number): void {
    super._read(size);
    this.deflate.resume();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.sheetData(chunk, () => callback());
  }

  override _flush(callback: TransformCallback): void {
    this.pendingCallback = callback;
    this.rows = this.rowsWritten();
    const tail = `${this.book.totals ? totalsRowsXml(this.book.totals, this.book.money, this.rows + 2) : ''}</sheetData><autoFilter ref="${filterRange(this.columns.length, this.rows)}"/></worksheet>`;
    this.sheetData(Buffer.from(tail, 'utf8'));
    this.deflate.once('end', () => this.finish());
    this.deflate.end();
  }

  private finish(): void {
    this.out(dataDescriptor(this.sheet));
    const entries: ZipEntry[] = [this.sheet];
    for (const [name, text] of workbookParts(this.sheetName, this.columns.length, this.rows, this.book.money, this.book.strings)) {
      const data = Buffer.from(text, 'utf8');
      const compressed = zlib.deflateRawSync(data);
      const entry: ZipEntry = { name: Buffer.from(name), crc: zlib.crc32(data), compressed: compressed.length, size: data.length, offset: this.written, streamed: false };
      this.out(localHeader(entry, this.stamp));
      this.out(compressed);
      entries.push(entry);
    }
    this.out(centralDirectory(entries, this.stamp, this.written));
    this.pendingCallback?.();
  }
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ . */
export function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}

/**
 * The COPY of a sheet's rows: one line per row; COPY's csv format with a delimiter and quote that
 * escaped XML never holds (control characters are dropped, line breaks are references) writes each
 * line as it is. The row's number is row_number() over the rows in the order the list's query gives
 * them (its ORDER BY), after the header; each cell is its reference and its column's text.
 */
export function xlsxCopySql(inner: string, columns: XlsxColumn[]): string {
  const ident = (key: string) => `"${key.replace(/"/g, '""')}"`;
  const row = `concat('<row r="', ${ROW_SQL}, '">', ${columns.map((c, i) => `'<c r="${columnName(i + 1)}', ${ROW_SQL}, ${ident(c.key)}`).join(', ')}, '</row>')`;
  return `COPY (SELECT ${row} FROM (SELECT *, (row_number() OVER () + 1)::text AS ${ROW_SQL} FROM (${inner}) AS xlsx_list) AS xlsx_rows) TO STDOUT (FORMAT csv, DELIMITER E'\\x01', QUOTE E'\\x02')`;
}

/**
 * Streams the rows of `query` (the list's SQL + params, as Drizzle gives them) as an XLSX
 * attachment with the given columns; at most XLSX_MAX_ROWS rows (the caller's query limits them).
 */
export async function sendXlsx(
  reply: FastifyReply,
  pool: pg.Pool,
  query: { sql: string; params: unknown[] },
  columns: XlsxColumn[],
  title: string,
  filename: string,
  sheet: XlsxSheet = {},
): Promise<FastifyReply> {
  const { copy, finish } = await startCopy(pool, query, (inner) => xlsxCopySql(inner, columns), 'lf');
  const body = new XlsxWriter(columns, sheetName(title), () => copy.rows, sheet);
  pipeline(copy, body, (err) => {
    finish(err);
  });
  reply.header('content-type', XLSX_TYPE);
  reply.header('content-disposition', `attachment; filename="${filename}"`);
  return reply.send(body);
}
