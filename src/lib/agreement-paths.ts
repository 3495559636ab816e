/**
 * Where the texts travellers sign are read (issue 42), apart from their words and names (./agreement-labels.ts): the
 * booking form links both texts and loads nothing else of the agreements.
 */
import type { AgreementKind } from './agreement-labels';

/** Where the version in force is read, and each version at its own address below it (/tingimused/2026-11). */
export const AGREEMENT_PATHS: Record<AgreementKind, string> = { terms: '/tingimused', waiver: '/loobumisavaldus' };
export const versionPath = (kind: AgreementKind, version: string) => `${AGREEMENT_PATHS[kind]}/${version}`;
