// Reads a CSV export back into records, as a spreadsheet would (lists.test.ts, csv.test.ts).

/** A CSV body's records (quoted cells may hold separators and line breaks), header first. */
export function csvRecords(body: string): string[][] {
  const text = body.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { record.push(cell); cell = ''; }
    else if (ch === '\r' && text[i + 1] === '\n') { record.push(cell); records.push(record); record = []; cell = ''; i++; }
    else cell += ch;
  }
  if (cell || record.length) throw new Error('the CSV does not end with CRLF');
  return records;
}
