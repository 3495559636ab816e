// Guests are addressed formally, "Teie" (issue 37; the visitor spec's texts: "Saatsime Teile kinnitusmeili. Võtame
// Teiega ühendust"). This scans every text a guest reads (the site's pages, components and islands, the messages and
// schema errors in src/lib, every e-mail and PDF the worker sends, and the site's copy in content/) for the informal
// second person and fails naming file:line. The admin screens address the organiser and are left out (EXCLUDED).
//
// What is read: in .ts/.tsx files (and an .astro file's frontmatter and <script>s) only string literals, template
// literal text and JSX text, never code or comments; in an .astro template every line, minus comments, <style> and
// attributes that are not text (class, id, href...); in content/ every line of the .md and .json files.
//
// What fails:
// 1. The informal pronoun in any case form (INFORMAL_PRONOUNS), as a whole word.
// 2. The informal 2nd-person-singular verb forms (INFORMAL_VERBS): the present and past forms ("tühistad", "saad",
//    "unustasid") and the imperatives ("Uuenda", "Vaata", "Kirjuta"), whose formal forms end in -te/-site/-ge/-ke
//    ("tühistate", "saate", "unustasite", "Uuendage", "Vaadake", "Kirjutage"). A form that is also another word is
//    caught only in a context that gives it away, or not at all (AMBIGUOUS).
// 3. The formal pronoun in lower case ("teile", "teie"): the site's texts and e-mails capitalise it, "Teile", "Teie",
//    "Te" (house style: the spec's booking toasts, the booking, auth and payment e-mails).
//
// Control labels keep the singular imperative: a button or a link names its action as a neutral command, as the spec
// does ("Helista", "Broneeri", "Logi sisse") and as a dialog's "Sulge" and "Loobu" do. Such a label passes only as a
// whole text of its own: a string literal, a JSX text, an .astro text between tags or on a line of its own, or a
// `label` (or content's `cta`) value. The same words in a sentence, a heading, a title or an intro fail (a page's title="Broneeri oma koht"
// is a heading, "Broneerige oma koht"); a label named in a sentence is quoted, „Tühista broneering“. A new button or
// link label in the singular imperative goes into CONTROL_LABELS.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** Where the guest's texts live. */
const SCANNED = ['src/islands', 'src/pages', 'src/components', 'src/layouts', 'src/lib', 'src/scripts', 'worker', 'content'];

/** Organiser-facing (or not text at all): each with why. */
const EXCLUDED: [prefix: string, why: string][] = [
  ['src/islands/admin/', 'the admin screens address the organiser'],
  ['src/pages/admin/', 'the admin shell'],
  ['src/pages/admin-setup.astro', 'the first admin'],
  ['src/pages/create-main-admin.astro', 'the first admin'],
  ['src/pages/dashboard.astro', 'the admin shell'],
  ['src/pages/email-test.astro', 'the admin e-mail test screen'],
  ['src/lib/admin/', "the admin screens' texts"],
  ['src/lib/retreat-messages.ts', "the admin retreat editor's texts"],
  ['src/lib/bank-statements.ts', "the admin bank statement import's texts"],
  ['src/lib/content-schemas.ts', "the content files' validation, read by their editors"],
  ['worker/hosts/lazy/', 'built bundles (generated)'],
  ['worker/domain/invoices/fonts.generated.ts', 'font data (generated)'],
  ['content/README.md', "the editors' guide, not site copy"],
];

/** Organiser-facing texts in files that also hold the guest's: [file, a piece of the text]. */
const ORGANISER_TEXTS: [file: string, text: string][] = [
  ['worker/portal/cancellation-request.ts', 'Kinnita tühistamine broneeringu lehel'], // the team's notification
];

/** Every case form of "sina" (long and short forms). "sinna" ("there") and "siin" ("here") are not pronouns. */
const INFORMAL_PRONOUNS = [
  'sina', 'sa', 'sinu', 'su', 'sind', 'sinda', 'sinul', 'sul', 'sinult', 'sult', 'sinule', 'sulle',
  'sinus', 'sinust', 'sinusse', 'sinuga', 'sinuni', 'sinuta', 'sinuna',
];

/**
 * The 2nd-person-singular verb forms that are nothing else: the ones these texts had (issue 37) and the common ones
 * such texts use. Present: "Kui tühistad täna", "saad", "oled", "kinnitad"; past: "Unustasid salasõna?"; imperative:
 * "Uuenda pass", "Vaata", "Kirjuta meile", "Võta meiega ühendust", "Vali pilt", "Täida", "Küsi", "Jälgi meid".
 */
const INFORMAL_VERBS = [
  // present
  'oled', 'saad', 'tead', 'leiad', 'tühistad', 'maksad', 'broneerid', 'kerid', 'näed', 'vajad', 'tahad', 'täidad',
  'kirjutad', 'helistad', 'jõuad', 'lähed', 'võtad', 'vaatad', 'sisestad', 'uuendad', 'muudad', 'kustutad',
  'laadid', 'registreerud', 'tunned', 'puhkad', 'naudid', 'avastad', 'koged', 'loed', 'küsid', 'pöördud', 'mõtled',
  'osaled', 'unustad', 'kinnitad', 'nõustud',
  // past
  'unustasid',
  // imperative
  'vaata', 'vali', 'sisesta', 'kirjuta', 'uuenda', 'täida', 'võta', 'küsi', 'helista', 'mine', 'loe', 'pikenda',
  'registreeru', 'broneeri', 'laadi', 'logi', 'unusta', 'palu', 'oota', 'kinnita', 'salvesta', 'kustuta', 'eemalda',
  'vajuta', 'ava', 'avasta', 'naudi', 'liitu', 'jälgi', 'tühista', 'jaga', 'hoia', 'lisa', 'proovi', 'muuda', 'pööra',
  'tutvu', 'lõõgastu', 'määra',
];

/**
 * Forms that are also other words, caught only where the context gives them away: "võid" (butter), "pead" (heads),
 * "soovid" (wishes: "Piirangud ja soovid") before an infinitive or after "kui", "kas", "et", and "olid" ("nad olid")
 * after them ("Aitäh, et olid meiega"); "loo" (of a story), "anna" (a name), "märgi" (of a mark), "kontrolli" (of the check) before what
 * they would act on. Never caught: "saada" (to get), "maksa" ("ei maksa"), "tasu" (a fee), "tule" (of the fire),
 * "valid", "lisad", "tuled", "tasud", "logid" (nouns, English), the -sid past forms other than "unustasid" ("kes
 * maksid"), "sinna" (there) and "teist" (second, other). A verb after "ei" is the negative ("ei oota") and passes.
 */
const AMBIGUOUS: RegExp[] = [
  /(?<![\p{L}])(kui|kas|mida|mis|et) (sa )?(soovid|pead|võid|olid)(?![\p{L}])/giu,
  /(?<![\p{L}])(võid|pead|soovid) (\p{L}+ )?\p{L}+(da|ta)(?![\p{L}])/giu,
  /(?:^|[.!?:]\s+|["„])(Soovid|Võid|Pead) (?!ja |ning |või )\p{Ll}/gu,
  /(?<![\p{L}])loo (oma|uus|konto)(?![\p{L}])/giu,
  /(?<![\p{L}])anna (meile|teada|märku|sellest)(?![\p{L}])/giu,
  /(?<![\p{L}])märgi (allergiad|oma|ära|see|need)(?![\p{L}])/giu,
  /(?<![\p{L}])kontrolli (oma|e-posti|postkasti|kehtivad|nõudeid)(?![\p{L}])/giu,
];

/** The formal pronoun, lower case (house style capitalises it). "teist" (second, other) is not a pronoun. */
const LOWER_FORMAL = /(?<![\p{L}\p{N}_-])(te|teie|teile|teid|teil|teiega|teilt|teieni|teiesse)(?![\p{L}\p{N}_-])/gu;

/** Button and link labels: a whole text each, a neutral command in the singular imperative (see above). */
const CONTROL_LABELS = new Set<string>([
  'Ava broneering',
  'Broneeri',
  'Broneeri koht',
  'Broneeri oma koht',
  'Eemalda kaasreisija',
  'Helista',
  'Helista meile',
  'Helista: {contacts.emergencyPhone}',
  'Kinnita e-posti aadress',
  'Kirjuta WhatsAppis',
  'Kustuta konto jäädavalt',
  'Kustuta minu konto',
  'Küsi hoolduste kohta',
  'Küsi järgmiste aegade kohta',
  'Küsi meilt',
  'Laadi alla (PDF)',
  'Laadi alla minu andmed',
  'Lisa kaasreisija',
  'Logi sisse',
  'Logi välja',
  'Loe kogu lugu',
  'Mine avalehele',
  'Määra uus salasõna',
  'Proovi uuesti',
  'Registreeru',
  'Salvesta andmed',
  'Salvesta uus salasõna',
  'Vaata broneeringut',
  'Vaata galeriid',
  'Vaata kõiki hooldusi',
  'Vaata päevakava',
  'Võta ühendust',
]);

/** Attributes and properties whose text is a heading or a sentence, never a control's label. */
const NOT_LABEL = /^(title|intro|description|eyebrow|heading|subject|placeholder|alt|aria-label|text|body|note|message|paragraphs)$/;

/** Attributes whose values are not text. */
const NOT_TEXT = /^(class|className|id|href|src|srcset|for|htmlFor|name|type|rel|target|role|slot|method|action|loading|decoding|autoComplete|autocomplete|inputMode|key|aria-labelledby|aria-describedby|aria-controls|data-[\w-]+)$/;

type Text = { file: string; line: number; text: string; whole: string };

function files(dir: string): string[] {
  const path = join(ROOT, dir);
  if (statSync(path).isFile()) return [dir];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    const child = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return files(child);
    return /\.(ts|tsx|astro|md|json)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [child] : [];
  });
}

const excluded = (file: string) => EXCLUDED.some(([prefix]) => file === prefix || file.startsWith(prefix));

/** String literals, template literal text and JSX text of TypeScript source starting at `firstLine` (0-based). */
function scriptTexts(file: string, source: string, firstLine: number, tsx: boolean): Text[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Text[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node)) return;
    if (ts.isJsxAttribute(node) && NOT_TEXT.test(node.name.getText(sf))) return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const start = node.getStart(sf);
      const owner = ts.isJsxExpression(node.parent) ? node.parent.parent : node.parent;
      const ownerName = owner && (ts.isJsxAttribute(owner) || ts.isPropertyAssignment(owner)) ? owner.name.getText(sf) : '';
      // A heading's or a sentence's text is never a label: its `whole` matches none.
      const whole = NOT_LABEL.test(ownerName) ? '' : (ts.isJsxText(node) ? node.text : (node as ts.LiteralLikeNode).text).trim();
      const line = sf.getLineAndCharacterOfPosition(start).line;
      source
        .slice(start, node.getEnd())
        .split('\n')
        .forEach((text, i) => out.push({ file, line: firstLine + line + i + 1, text, whole }));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Blanks a match, keeping its line breaks so that line numbers stay. */
const blank = (match: string) => match.replace(/[^\n]/g, ' ');

function astroTexts(file: string, source: string): Text[] {
  const out: Text[] = [];
  const linesBefore = (offset: number) => source.slice(0, offset).split('\n').length - 1;
  let template = source.replace(/^---\n([\s\S]*?)\n---\n/, (all, body: string) => {
    out.push(...scriptTexts(file, body, 1, false));
    return blank(all);
  });
  template = template.replace(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g, (all, open: string, body: string, offset: number) => {
    out.push(...scriptTexts(file, body, linesBefore(offset + open.length), false));
    return blank(all);
  });
  template = template
    .replace(/<style\b[\s\S]*?<\/style>|<!--[\s\S]*?-->|\{\/\*[\s\S]*?\*\/\}/g, blank)
    .replace(/(?<=\s)([\w:-]+)=("[^"]*"|'[^']*')/g, (all, name: string) => (NOT_TEXT.test(name) ? blank(all) : all));
  template.split('\n').forEach((text, i) => {
    if (text.trim()) out.push({ file, line: i + 1, text, whole: text.trim() });
  });
  return out;
}

function texts(file: string): Text[] {
  const source = readFileSync(join(ROOT, file), 'utf8');
  if (/\.tsx?$/.test(file)) return scriptTexts(file, source, 0, file.endsWith('.tsx'));
  if (file.endsWith('.astro')) return astroTexts(file, source);
  return source.split('\n').map((text, i) => ({ file, line: i + 1, text, whole: text.trim() }));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A label in an .astro or content line: between tags (or a tag and the line's end), or a `label` or `cta` value. */
const LABELS = [...CONTROL_LABELS].map(
  (label) => new RegExp(`(?<=(?:^|>)\\s*)${escape(label)}(?=\\s*(?:$|<))|(?<=\\b(?:label|cta)"?[:=]\\s*["'\`])${escape(label)}(?=["'\`])`, 'g'),
);

/** The text without its control labels (the whole text if it is one, else each one in it) and „quoted“ names. */
function withoutLabels({ text, whole }: Text): string {
  if (CONTROL_LABELS.has(whole)) return '';
  return LABELS.reduce((rest, label) => rest.replace(label, ''), text).replace(/„[^“]*“/g, '');
}

const words = (list: string[]) => new RegExp(`(?<![\\p{L}\\p{N}_-])(${list.join('|')})(?![\\p{L}\\p{N}_-])`, 'giu');
const PRONOUNS = words(INFORMAL_PRONOUNS);
const VERBS = words(INFORMAL_VERBS);

/** Every informal (or lower-case formal) form in the guest's texts, as "file:line: what: the text". */
function findings(texts: Text[]): string[] {
  return texts
    .filter((t) => !ORGANISER_TEXTS.some(([file, text]) => t.file === file && t.text.includes(text)))
    .flatMap((t) => {
      const at = (what: string) => `${t.file}:${t.line}: ${what}: ${t.text.trim().slice(0, 140)}`;
      const verbText = withoutLabels(t).replace(/(?<![\p{L}])ei \p{L}+/giu, '');
      return [
        ...[...t.text.matchAll(PRONOUNS)].map((m) => at(`informal pronoun "${m[0]}"`)),
        ...[...t.text.matchAll(LOWER_FORMAL)].map((m) => at(`lower-case "${m[0]}" (write "${m[0][0]!.toUpperCase()}${m[0].slice(1)}")`)),
        ...AMBIGUOUS.flatMap((re) => [...verbText.matchAll(re)].map((m) => at(`informal "${m[0].trim()}"`))),
        ...[...verbText.matchAll(VERBS)].map((m) => at(`informal verb "${m[0]}"`)),
      ];
    });
}

const guestFiles = () => SCANNED.flatMap(files).filter((file) => !excluded(file));

describe('formal address', () => {
  it('every guest-facing text addresses the guest as "Teie"', () => {
    const found = findings(guestFiles().flatMap(texts));
    expect(found, `informal or lower-case address:\n${found.join('\n')}\n`).toEqual([]);
  });

  it('reads the guest-facing files and leaves the admin screens out', () => {
    const scanned = guestFiles();
    for (const file of ['src/islands/portal/cancellation-panel.tsx', 'src/lib/api-errors.ts', 'worker/domain/mail/guest-notices.ts', 'worker/domain/feedback.ts', 'content/legal/privaatsus.md', 'content/faq/kuidas-broneerida.json', 'src/pages/kontakt.astro', 'src/components/Footer.astro'])
      expect(scanned).toContain(file);
    expect(scanned.filter((file) => file.startsWith('src/islands/admin/'))).toEqual([]);
  });

  it('catches the informal forms issue 37 found, and passes their formal forms', () => {
    const check = (file: string, source: string) => findings(file.endsWith('.astro') ? astroTexts(file, source) : scriptTexts(file, source, 0, file.endsWith('.tsx')));
    // The forms the portal, the toasts and the e-mails had.
    for (const informal of [
      "const a = `Kui tühistad täna (${days} päeva enne), tagastame ${sum}.`;",
      "const a = 'Pass peab kehtima kauem. Uuenda pass enne reisi.';",
      'const a = <Section title="Kirjad sulle" />;',
      "const a = { description: 'Võtame sinuga peagi ühendust.' };",
      "const a = 'Vastame teile võimalikult kiiresti.';",
      "const a = 'Tagasisidet tsiteerime ainult siis, kui te selle vormis lubate.';",
      'const a = <button>Unustasid salasõna?</button>;',
      'const a = <p>Aitäh, et olid meiega!</p>;',
      'const a = <h2>Logi sisse, et näha oma broneeringuid</h2>;',
      "const a = 'Jah. Võid tasuda kolmes osas.';",
    ])
      expect(check('x.tsx', informal).length, informal).toBeGreaterThan(0);
    for (const formal of [
      "const a = `Kui tühistate täna (${days} päeva enne), tagastame ${sum}.`;",
      "const a = 'Pass peab kehtima kauem. Uuendage pass enne reisi.';",
      'const a = <Section title="Teile saadetud kirjad" />;',
      "const a = 'Vastame Teile võimalikult kiiresti. Teie sõnum jõudis meieni.';",
      'const a = <button>Unustasite salasõna?</button>;',
      'const a = <h2>Logige sisse, et näha oma broneeringuid</h2>;',
      // A label is the button's whole text; a label named in a sentence is quoted.
      'const a = <a href="/auth">Logi sisse</a>;',
      "const a = 'Tühistage broneering („Tühista broneering“).';",
      // Not the pronoun or the verb: "there", "second", "the fire's", "to get", the negative.
      "const a = 'Viib broneeringu sinna. Tulin teist korda. Siluetid tule kumas. Võib saada oma andmed. Makse ei oota.';",
      '// Kirjuta meile, sinu kommentaar\nconst a = 1;',
    ])
      expect(check('x.tsx', formal), formal).toEqual([]);
    // .astro: attributes that are not text are skipped, text and text attributes are read, labels pass.
    const astro = [
      '---',
      "const t = 'Vaata';",
      "const b = { label: 'Broneeri koht' };",
      '---',
      '<section id="pikenda" class="vali">',
      '  <h2 title="Jälgi meid">Pikenda oma puhkust</h2>',
      '  <PageHeader title="Broneeri oma koht" />',
      '  <a href="/kkk">Vaata galeriid</a>',
      "  <CtaButtons actions={[{ kind: 'booking', label: 'Broneeri oma koht' }]} />",
      '</section>',
    ].join('\n');
    expect(check('x.astro', astro)).toEqual([
      "x.astro:2: informal verb \"Vaata\": 'Vaata'",
      'x.astro:6: informal verb "Jälgi": <h2 title="Jälgi meid">Pikenda oma puhkust</h2>',
      'x.astro:6: informal verb "Pikenda": <h2 title="Jälgi meid">Pikenda oma puhkust</h2>',
      'x.astro:7: informal verb "Broneeri": <PageHeader title="Broneeri oma koht" />',
    ]);
    expect(check('x.tsx', 'const a = <Section title="Logi sisse" />;')).toEqual(['x.tsx:1: informal verb "Logi": "Logi sisse"']);
  });
});
