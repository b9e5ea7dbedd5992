/**
 * Index of the first character at which `text` stops being valid JSON, or -1 if it is valid.
 * Only run after JSON.parse has failed (V8 does not always say where: "Unexpected token '}'").
 */
export function jsonErrorPosition(text: string): number {
  let i = 0;
  const stop = (): never => {
    throw new JsonStop(i);
  };
  const space = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const string = (): void => {
    i++;
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c) || c < 0x20) stop();
      if (c === 0x22) break;
      if (c === 0x5c) {
        i++;
        const e = text[i];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) stop();
          i += 4;
        } else if (e === undefined || !'"\\/bfnrt'.includes(e)) stop();
      }
      i++;
    }
    i++;
  };
  const sequence = (close: string, item: () => void): void => {
    i++;
    space();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      item();
      space();
      if (text[i] === ',') i++;
      else if (text[i] === close) {
        i++;
        return;
      } else stop();
    }
  };
  const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      sequence('}', () => {
        space();
        if (text[i] !== '"') stop();
        string();
        space();
        if (text[i] !== ':') stop();
        i++;
        value();
      });
    } else if (c === '[') sequence(']', value);
    else if (c === '"') string();
    else if (text.startsWith('true', i)) i += 4;
    else if (text.startsWith('false', i)) i += 5;
    else if (text.startsWith('null', i)) i += 4;
    else {
      number.lastIndex = i;
      if (!number.test(text)) stop();
      i = number.lastIndex;
    }
  };
  try {
    value();
    space();
    return i < text.length ? i : -1;
  } catch (err) {
    if (err instanceof JsonStop) return err.position;
    return -1; // nesting too deep for the stack: no position
  }
}

class JsonStop {
  constructor(readonly position: number) {}
}
