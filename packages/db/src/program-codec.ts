import { compressSync, uncompressSync } from 'snappy';

// Programs are stored Snappy-compressed in sample.code_z (issue 15: the database must take no more
// bytes per sample than the imported files). Postgres would not do it for us: it compresses a
// value only once its row passes ~2 KB (TOAST_TUPLE_THRESHOLD, fixed at compile time), a ~1 KB
// program never gets there, and the embedded Postgres has no lz4. Snappy, not deflate: on ~1 KB
// programs it gives 1.75x against deflate's 2.5x, but costs ~7 us a program against ~30 us (Node's
// zlib pays ~10 us a call before any work), and the importer's rate is what a 10M import waits on.
// The program is kept as is, NUL characters included (Postgres text could not hold them; bytea can).

/** A program as stored in sample.code_z: Snappy's raw format of its UTF-8 bytes. */
export function encodeProgram(code: string): Buffer {
  return compressSync(code);
}

/** The program text of a sample.code_z value. */
export function decodeProgram(z: Uint8Array): string {
  return uncompressSync(z, { asBuffer: false }) as string;
}

/**
 * A sample row's program: rows written since the compressed_programs migration have it in code_z
 * (code NULL), older rows in code (code_z NULL). Raw SQL selects `code_z AS "codeZ"` to match
 * Prisma's field name, so every reader goes through here.
 */
export function programText(row: { code: string | null; codeZ: Uint8Array | null }): string {
  if (row.codeZ !== null) return decodeProgram(row.codeZ);
  if (row.code !== null) return row.code;
  // The table's CHECK constraint makes this unreachable; a query that forgot a column is not.
  throw new Error('sample row has neither code nor code_z (select both columns)');
}
