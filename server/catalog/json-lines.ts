/**
 * The line on which each array element of a JSON text starts, by its path (`/3`,
 * `/products/2/variants/0`): import reports name the line of a skipped row. The text must be
 * valid JSON (it was parsed first); only strings need care, for the brackets inside them.
 */
export function elementLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  const stack: { array: boolean; path: string; index: number; key: string | null }[] = [];
  let line = 1;
  const childPath = () => {
    const parent = stack.at(-1);
    if (!parent) return '';
    return `${parent.path}/${parent.array ? parent.index : parent.key}`;
  };
  const valueStarts = () => {
    const parent = stack.at(-1);
    if (parent?.array) lines.set(childPath(), line);
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n') line++;
    else if (ch === '"') {
      const end = stringEnd(text, i);
      const parent = stack.at(-1);
      if (parent && !parent.array && parent.key === null) {
        parent.key = JSON.parse(text.slice(i, end + 1)) as string;
      } else valueStarts();
      i = end;
    } else if (ch === '{' || ch === '[') {
      valueStarts();
      stack.push({ array: ch === '[', path: childPath(), index: 0, key: null });
    } else if (ch === '}' || ch === ']') stack.pop();
    else if (ch === ',') {
      const parent = stack.at(-1)!;
      if (parent.array) parent.index++;
      else parent.key = null;
    } else if (/[-\dtfn]/.test(ch)) {
      // Outside strings these only start numbers, true, false and null.
      valueStarts();
      while (i + 1 < text.length && /[^\s,\]}]/.test(text[i + 1]!)) i++;
    }
  }
  return lines;
}

/** Index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return text.length - 1;
}
