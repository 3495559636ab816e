// subset-font ships no types; this is the one call scripts/make-invoice-fonts.ts makes.
declare module 'subset-font' {
  export default function subsetFont(font: Uint8Array, text: string, options?: { targetFormat?: 'truetype' | 'woff' | 'woff2' | 'sfnt' }): Promise<Buffer>;
}
