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
