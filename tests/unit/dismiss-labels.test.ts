// A dialog's (or a form's) way out is "Loobu" (the form or the action is left undone) or "Sulge" (it only closes),
// never "Tühista": next to an action that is itself a "Tühista …" ("Tühista | Tühista vastukandega", "Tühista |
// Kinnita toimumine") it reads as that action (issue 37). Actions always name what they cancel ("Tühista
// broneering"), so a label that is exactly "Tühista" is a way out. In src/islands such a label is written as a string
// (DialogActions' `cancelLabel` and its default, ConfirmDialog's choice, a `label` prop) or as a button's or a link's
// JSX text: this reads both and fails naming file:line.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const child = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return files(child);
    return /\.tsx?$/.test(entry.name) ? [child] : [];
  });
}

/** Every string literal or JSX text that is exactly "Tühista" (spaces around aside), as "file:line: the code". */
function tuhistaLabels(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const text = ts.isJsxText(node) ? node.text : ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null;
    if (text !== null && text.trim() === 'Tühista') {
      const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
      found.push(`${file}:${line + 1}: ${source.split('\n')[line]!.trim()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('dismiss labels', () => {
  it('no dialog or form in src/islands is left with a button or a link labelled "Tühista"', () => {
    const found = files('src/islands').flatMap((file) => tuhistaLabels(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(found, `relabel "Loobu" (leaves undone) or "Sulge" (only closes):\n${found.join('\n')}\n`).toEqual([]);
  });

  it('finds the ways a dismiss label is written, and lets the actions be', () => {
    const written = [
      "export function DialogActions({ onCancel, cancelLabel = 'Tühista' }: Props) {}",
      "const a = <DialogActions onCancel={onClose} cancelLabel={blocked ? 'Sulge' : 'Tühista'} />;",
      'const a = <DialogActions onCancel={onClose} cancelLabel="Tühista" />;',
      'const a = (\n  <AppLink href="/admin/bookings" className="btn-outline">\n    Tühista\n  </AppLink>\n);',
      'const a = <Button onPress={close}>Tühista</Button>;',
    ];
    for (const source of written) expect(tuhistaLabels('x.tsx', source), source).toHaveLength(1);
    const fine = [
      "const a = <ConfirmDialog confirmLabel=\"Tühista vastukandega\" cancelLabel={blocked ? 'Sulge' : 'Loobu'} />;",
      'const a = <Button variant="danger">Tühista broneering</Button>;',
      "// The safe choice ('Tühista') has the focus first.\nconst a = 1;",
    ];
    for (const source of fine) expect(tuhistaLabels('x.tsx', source), source).toEqual([]);
  });
});
