/**
 * How a signed text is laid out (issue 42), from the exact string that is signed: the pages, the signing page and the
 * portal read it the same way. No words of its own, so a script that lays out a text fetched from the API loads none
 * of the texts.
 */
/** A text's blocks as the pages lay it out: "## " a heading, "- " a list item, anything else a paragraph. */
export type AgreementBlock = { kind: 'heading' | 'paragraph'; text: string } | { kind: 'list'; items: string[] };

export function agreementBlocks(text: string): AgreementBlock[] {
  const blocks: AgreementBlock[] = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((l) => l.trim()).filter(Boolean);
    if (lines.length === 0) continue;
    if (lines.every((l) => l.startsWith('- '))) blocks.push({ kind: 'list', items: lines.map((l) => l.slice(2)) });
    else if (lines[0]!.startsWith('## ')) {
      blocks.push({ kind: 'heading', text: lines[0]!.slice(3) });
      if (lines.length > 1) blocks.push({ kind: 'paragraph', text: lines.slice(1).join(' ') });
    } else blocks.push({ kind: 'paragraph', text: lines.join(' ') });
  }
  return blocks;
}
