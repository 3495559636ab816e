/**
 * The texts every traveller signs (issue 42): the terms and the retreat's waiver (health declaration, own
 * responsibility for activities, consent to first aid), each a content file with every version kept
 * (content/agreements/). Which version is in force on a day and how a text is laid out. The pages and the worker
 * read this; a screen that only names a text imports ./agreement-labels.ts and loads none of its words.
 */
import terms from '../../content/agreements/terms.json' with { type: 'json' };
import waiver from '../../content/agreements/waiver.json' with { type: 'json' };
import type { AgreementDocument } from './content-schemas';
import type { AgreementKind } from './agreement-labels';

export const AGREEMENT_DOCUMENTS: Record<AgreementKind, AgreementDocument> = { terms, waiver };

export interface AgreementVersion {
  version: string;
  effectiveFrom: string;
  text: string;
}

/** The version in force on a day: the latest whose day has come (the first one before any has). */
export function versionInForce(kind: AgreementKind, day: string): AgreementVersion {
  const versions = AGREEMENT_DOCUMENTS[kind].versions;
  return [...versions].reverse().find((v) => v.effectiveFrom <= day) ?? versions[0]!;
}

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
