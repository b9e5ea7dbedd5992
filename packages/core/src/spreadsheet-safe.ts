// CSV (formula) injection, the OWASP rule: a spreadsheet evaluates a cell that starts with =, +,
// -, @, a tab or a carriage return, so text from outside (a problem's title, an id, a program)
// that starts so is written with a leading apostrophe, which spreadsheets show as text. Text that
// is a plain number ("-3", "+1.5e3") is left alone: it is read as the number it is.

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** `text` as a CSV cell a spreadsheet will not evaluate. */
export function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}
