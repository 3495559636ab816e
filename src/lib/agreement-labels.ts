/**
 * The words and names around the texts travellers sign (issue 42), without the texts themselves (./agreements.ts
 * holds those): the screens that only name a text or say how it was signed load none of its words. Where the texts
 * are read is ./agreement-paths.ts.
 */
export const AGREEMENT_KINDS = ['terms', 'waiver'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

export const AGREEMENT_LABELS: Record<AgreementKind, string> = { terms: 'Tingimused', waiver: 'Osaleja deklaratsioon' };

/** How an acceptance was given. */
export const SIGNING_METHODS = ['booking_form', 'portal', 'link'] as const;
export type SigningMethod = (typeof SIGNING_METHODS)[number];
export const SIGNING_METHOD_LABELS: Record<SigningMethod, string> = { booking_form: 'broneerimisvormis', portal: 'portaalis', link: 'e-kirja lingiga' };

/** For themself, or a parent or guardian for a minor (the form's age rule). */
export const SIGNERS = ['self', 'guardian'] as const;
export type Signer = (typeof SIGNERS)[number];

/** A SHA-256 as the API takes it: 64 lowercase hexadecimal digits. */
export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The evidence of one acceptance, as the back office reads it. */
export interface AcceptanceEvidence {
  signedAt: string;
  version: string;
  textSha256: string;
  signedName: string;
  signedBy: Signer;
  method: SigningMethod;
  ip: string | null;
  userAgent: string | null;
}

/** GET /api/admin/bookings/:id/agreements: each traveller, the booker first, and what they accepted of the texts in force. */
export interface TravellerAgreements {
  guestId: string;
  name: string;
  /** Under age at the start: a parent or guardian signs. */
  minor: boolean;
  terms: AcceptanceEvidence | null;
  waiver: AcceptanceEvidence | null;
}

/** Where a companion's signing link leads (the token in the fragment). */
export const SIGNING_PATH = '/allkirjasta';

/** POST /api/agreements/view: what a signing link's page shows. */
export interface SigningView {
  bookingId: number;
  traveller: { name: string };
  retreat: { name: string; startDate: string | null; endDate: string | null } | null;
  expiresAt: string;
  texts: Record<AgreementKind, { version: string; text: string; sha256: string; signedAt: string | null }>;
}

/** The signing page's words (/allkirjasta). */
export const SIGNING_TEXTS = {
  title: 'Tingimuste ja osaleja deklaratsiooni allkirjastamine',
  loading: 'Laadin...',
  intro: (name: string, retreat: string | null) => `${name}, palun lugege läbi ja allkirjastage${retreat ? ` retriidi ${retreat}` : ''} tingimused ning osaleja deklaratsioon.`,
  nameLabel: 'Teie täisnimi (allkirjaks)',
  sign: 'Allkirjastan',
  signing: 'Allkirjastan...',
  signedKind: (label: string, version: string) => `${label} (versioon ${version}) – allkirjastatud`,
  done: 'Aitäh! Olete allkirjastanud.',
  doneBody: 'Teie allkiri on salvestatud koos kuupäeva ja kellaajaga. Korraldaja näeb seda broneeringul.',
  noToken: 'Lingis ei ole allkirjastamise koodi. Avage link e-kirjast uuesti.',
  offline: 'Ühendus katkes. Kontrollige internetiühendust ja proovige uuesti.',
  errorTitle: 'Allkirjastada ei saa',
  noScript: 'Allkirjastamiseks on vaja JavaScripti.',
} as const;

export const AGREEMENT_MESSAGES = {
  waiverRequired: 'Palun kinnitage osaleja deklaratsioon.',
  textMissing: 'Lehe versioon on vananenud. Laadige leht uuesti.',
  signed: (at: string, version: string, sha: string) => `Allkirjastatud ${at} · versioon ${version} · sha256 ${sha.slice(0, 12)}…`,
  pending: 'Ootab',
  byGuardian: (name: string) => `lapsevanem või eestkostja ${name}`,
  nameMismatch: 'Sisestage oma täisnimi nii, nagu see on broneeringus.',
  minorSignedByGuardian: 'Alaealise eest allkirjastab lapsevanem või eestkostja.',
  notTraveller: 'Seda reisijat selles broneeringus ei ole.',
  sendLink: 'Saada allkirjastamise link',
  linkSent: (address: string) => `Allkirjastamise link saadeti aadressile ${address}.`,
  linkQueued: 'Link on saatmisjärjekorras ja läheb teele niipea kui võimalik.',
  linkFailed: 'Lingi saatmine ebaõnnestus',
} as const;
