// The spec editor: a plain textarea over a backdrop that mirrors its lines, plus a
// gutter of line numbers. Diagnostics mark their line in the gutter, tint the line
// and show their message after its end (the backdrop's text itself is invisible,
// so the textarea's own text sits exactly on top of it), and are listed below with
// links that put the caret at their line and column.

/** UTF-16 offset in `text` of (line, column), both 1-based, column in UTF-8 bytes. */
export function offsetOf(text, line, column) {
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < Math.min(line - 1, lines.length - 1); i++) offset += lines[i].length + 1;
  const current = lines[Math.min(line - 1, lines.length - 1)] ?? '';
  let bytes = 0;
  let index = 0;
  for (const ch of current) {
    if (bytes >= column - 1) break;
    const cp = ch.codePointAt(0);
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    index += ch.length;
  }
  return offset + index;
}

export class Editor {
  constructor({ source, gutter, backdrop, list }) {
    this.source = source;
    this.gutter = gutter;
    this.backdrop = backdrop;
    this.list = list;
    this.diagnostics = [];
    this.lineCount = 0;
    source.addEventListener('input', () => this.refresh());
    source.addEventListener('scroll', () => this.syncScroll());
  }

  get text() {
    return this.source.value;
  }

  set text(value) {
    this.source.value = value;
    this.refresh();
  }

  /** Shows `diagnostics` ({ line, column, message, severity }) against the current text. */
  show(diagnostics) {
    this.diagnostics = diagnostics;
    this.refresh();
    this.list.replaceChildren(...diagnostics.map((d) => this.listItem(d)));
  }

  listItem(d) {
    const item = document.createElement('li');
    item.className = `pg-diagnostic pg-${d.severity}`;
    const jump = document.createElement('a');
    jump.href = '#';
    jump.textContent = `${d.line}:${d.column}`;
    jump.addEventListener('click', (event) => {
      event.preventDefault();
      const at = offsetOf(this.text, d.line, d.column);
      this.source.focus();
      this.source.setSelectionRange(at, at);
    });
    item.append(jump, ` ${d.severity}: ${d.message}`);
    return item;
  }

  /** Rebuilds gutter and backdrop from the text and the current diagnostics. */
  refresh() {
    const lines = this.text.split('\n');
    const byLine = new Map();
    for (const d of this.diagnostics) {
      if (!byLine.has(d.line)) byLine.set(d.line, []);
      byLine.get(d.line).push(d);
    }
    const numbers = [];
    const rows = [];
    // Diagnostics past the last line (e.g. "unexpected end") show on the last line.
    const last = lines.length;
    for (const [line, list] of byLine) {
      if (line > last) {
        byLine.delete(line);
        byLine.set(last, (byLine.get(last) ?? []).concat(list));
      }
    }
    for (let i = 0; i < lines.length; i++) {
      const marks = byLine.get(i + 1);
      const number = document.createElement('span');
      number.textContent = String(i + 1);
      const row = document.createElement('span');
      row.className = 'pg-row';
      row.append(lines[i]);
      if (marks) {
        const severity = marks.some((d) => d.severity === 'error') ? 'error' : 'warning';
        number.className = `pg-mark pg-${severity}`;
        number.title = marks.map((d) => `${d.line}:${d.column}: ${d.message}`).join('\n');
        row.classList.add(`pg-${severity}`);
        const message = document.createElement('span');
        message.className = 'pg-inline-message';
        message.textContent = '  ' + marks.map((d) => `col ${d.column}: ${d.message}`).join('; ');
        row.append(message);
      }
      numbers.push(number, '\n');
      rows.push(row, '\n');
    }
    this.gutter.replaceChildren(...numbers);
    this.backdrop.replaceChildren(...rows);
    this.syncScroll();
  }

  syncScroll() {
    this.backdrop.scrollTop = this.source.scrollTop;
    this.backdrop.scrollLeft = this.source.scrollLeft;
    this.gutter.scrollTop = this.source.scrollTop;
  }
}
