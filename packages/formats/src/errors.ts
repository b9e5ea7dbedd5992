/**
 * Where in a file a problem was found. Record and entry indices are 0-based (as in jq's `.[17]`),
 * lines are 1-based (as in editors), bytes are 0-based offsets.
 */
export type FormatLocation =
  | { kind: 'record'; index: number; id?: string }
  | { kind: 'line'; line: number }
  | { kind: 'entry'; index: number }
  | { kind: 'byte'; offset: number; line?: number }
  | { kind: 'file' };

export interface FormatErrorInit {
  file: string;
  location?: FormatLocation;
  field?: string;
  detail: string;
}

export function formatLocation(location: FormatLocation): string {
  switch (location.kind) {
    case 'record':
      return `record ${location.index}${location.id === undefined ? '' : ` (question_id ${JSON.stringify(location.id)})`}`;
    case 'line':
      return `line ${location.line}`;
    case 'entry':
      return `entry ${location.index}`;
    case 'byte':
      return `byte ${location.offset}${location.line === undefined ? '' : ` (line ${location.line})`}`;
    case 'file':
      return '';
  }
}

/**
 * The one error every reader in this package throws for bad input. The message reads
 * `results.json: record 17 (question_id "abc123"): field graded_list[3]: expected boolean`;
 * the parts are also kept as properties so callers (CLI, import jobs) can show them their own way.
 */
export class FormatError extends Error {
  override readonly name = 'FormatError';
  readonly file: string;
  readonly location: FormatLocation;
  readonly field: string | undefined;
  readonly detail: string;

  constructor(init: FormatErrorInit) {
    const location = init.location ?? { kind: 'file' };
    const parts = [
      init.file,
      formatLocation(location),
      init.field === undefined ? '' : `field ${init.field}`,
      init.detail,
    ];
    super(parts.filter((p) => p !== '').join(': '));
    this.file = init.file;
    this.location = location;
    this.field = init.field;
    this.detail = init.detail;
  }
}

/** Wraps an I/O failure (missing file, permission) so every reader throws only FormatError. */
export function toFormatError(file: string, err: unknown): FormatError {
  if (err instanceof FormatError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  const detail = code === 'ENOENT' ? 'file not found' : `cannot read file: ${(err as Error).message}`;
  return new FormatError({ file, detail });
}
