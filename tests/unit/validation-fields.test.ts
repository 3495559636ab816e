import { describe, expect, it } from 'vitest';
import { emailField, freeTextField, nameField, passwordField, phoneField, singleLineTextField } from '../../src/lib/validation/fields';
import { FIELD_MESSAGES as M } from '../../src/lib/validation/messages';
import { sanitizeFreeText, sanitizeSingleLine } from '../../src/lib/validation/sanitize';
import { contactRequestSchema } from '../../src/lib/contact-schema';
import { signUpSchema } from '../../src/lib/auth-schemas';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('e-mail', () => {
  it('is trimmed and lowercased', () => {
    expect(emailField.parse('  Mari.Tamm@Example.COM ')).toBe('mari.tamm@example.com');
  });
  it.each([
    [undefined, M.emailRequired],
    ['', M.emailRequired],
    ['   ', M.emailRequired],
    ['mari@', M.emailInvalid],
    ['mari.example.com', M.emailInvalid],
    ['<script>@x.ee', M.emailInvalid],
    [`${'a'.repeat(310)}@example.com`, M.emailTooLong],
  ])('%j → %s', (input, message) => {
    expect(messagesOf(emailField.safeParse(input))).toEqual([message]);
  });
  it('accepts 320 characters and refuses 321', () => {
    const at320 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}`;
    expect(at320).toHaveLength(320);
    expect(emailField.safeParse(at320).success).toBe(true);
    expect(messagesOf(emailField.safeParse(`a${at320}`))).toEqual([M.emailTooLong]);
  });
});

describe('phone', () => {
  it.each([
    ['+372 5123 4567', '+37251234567'],
    ['5123-4567', '51234567'],
    ['(555) 123.4567', '5551234567'],
    ['+1234567', '+1234567'],
    ['1234567890123456', '1234567890123456'],
  ])('%s is stored as %s', (input, stored) => {
    expect(phoneField.parse(input)).toBe(stored);
  });
  it.each([
    [undefined], [''], ['0512345'], ['+0123456789'], ['12345'], ['+123456'], ['12345678901234567'],
    ['+12345678901234567'], ['5123 4567 ext 2'], ['<b>51234567</b>'], ['51234567;DROP'],
  ])('%j is refused with the spec message', (input) => {
    expect(messagesOf(phoneField.safeParse(input))).toEqual([M.phoneInvalid]);
  });
});

describe('name', () => {
  it.each([
    ['Mari', 'Mari'], ['  Jüri  ', 'Jüri'], ["O'Brien", "O'Brien"], ['Anne-Liis', 'Anne-Liis'], ['J. R. R.', 'J. R. R.'],
    ['Õie  Šmidt', 'Õie Šmidt'], ['Žanna', 'Žanna'],
  ])('%j is accepted as %j', (input, out) => {
    expect(nameField.parse(input)).toBe(out);
  });
  it.each([
    [undefined, M.nameRequired],
    ['', M.nameRequired],
    ['  ', M.nameRequired],
    ['M', M.nameTooShort],
    ['M'.repeat(101), M.nameTooLong],
    ['Mari2', M.nameInvalid],
    ['<script>alert(1)</script>', M.nameInvalid],
    ['Mari <b>', M.nameInvalid],
  ])('%j → %s', (input, message) => {
    expect(messagesOf(nameField.safeParse(input))).toEqual([message]);
  });
  it.each([
    ['NUL', 'Mari\u0000'],
    ['ESC', 'Mari\u001b[31m'],
    ['DEL', 'Ma\u007fri'],
    ['C1 control', 'Ma\u009bri'],
    ['right-to-left override', 'Mari\u202eirаM'],
    ['first-strong isolate', '\u2068Mari\u2069'],
    ['zero-width joiner', 'Ma\u200dri'],
    ['lone surrogate', 'Mari\ud800'],
  ])('refuses a name holding a %s', (_what, input) => {
    expect(messagesOf(nameField.safeParse(input))).toEqual([M.nameInvalid]);
  });
  it('turns a line break or tab inside a name into one space', () => {
    expect(nameField.parse('Mari\r\nTamm')).toBe('Mari Tamm');
    expect(nameField.parse('Mari\tTamm')).toBe('Mari Tamm');
  });
  it('accepts exactly 2 and 100 characters', () => {
    expect(nameField.safeParse('Al').success).toBe(true);
    expect(nameField.safeParse('A'.repeat(100)).success).toBe(true);
  });
});

describe('password', () => {
  it.each([
    ['Abcdefg1', []],
    ['Abcdef1', [M.passwordTooShort]],
    [`Aa1${'x'.repeat(125)}`, []],
    [`Aa1${'x'.repeat(126)}`, [M.passwordTooLong]],
    ['abcdefg1', [M.passwordWeak]],
    ['ABCDEFG1', [M.passwordWeak]],
    ['Abcdefgh', [M.passwordWeak]],
  ])('%j → %j', (input, messages) => {
    expect(messagesOf(passwordField.safeParse(input))).toEqual(messages);
  });
});

describe('free text', () => {
  it('trims, removes script blocks and angle brackets, and caps at 1000 characters', () => {
    expect(sanitizeFreeText('  Tere <script>alert("x")</script>tulemast <b>Bali</b>  ')).toBe('Tere tulemast bBali/b');
    expect(sanitizeFreeText('a<SCRIPT type="x">evil()</SCRIPT >b')).toBe('ab');
    expect(sanitizeFreeText('unterminated <script>evil()')).toBe('unterminated');
    expect(sanitizeFreeText('x'.repeat(1500))).toHaveLength(1000);
  });
  it('treats text that is empty after cleaning as absent', () => {
    expect(freeTextField.parse('  <script>x</script> ')).toBeUndefined();
    expect(freeTextField.parse(undefined)).toBeUndefined();
    expect(freeTextField.parse(' Vegan ')).toBe('Vegan');
  });
});

describe('control characters in free text', () => {
  it('drops NUL, ESC, DEL and the other C0 and C1 controls', () => {
    expect(sanitizeFreeText('Te\u0000re\u001b[2J \u0007kõik\u007f\u0085\u009b!')).toBe('Tere[2J kõik\n!');
    expect(sanitizeSingleLine('a\u0000b\u001bc\u009fd', 200)).toBe('abcd');
  });

  it('drops bidi embeddings, overrides and isolates, keeping the text between them', () => {
    const trojan = 'tasu\u202a\u202b\u202c\u202d\u202e 100 €\u2066\u2067\u2068\u2069';
    expect(sanitizeFreeText(trojan)).toBe('tasu 100 €');
    expect(sanitizeSingleLine(trojan, 200)).toBe('tasu 100 €');
  });

  it('drops lone surrogates but keeps real pairs, and never cuts a pair in half at the limit', () => {
    expect(sanitizeFreeText('a\ud800b\udc00c 🌴')).toBe('abc 🌴');
    const cut = sanitizeFreeText(`${'x'.repeat(999)}🌴`);
    expect(cut).toBe('x'.repeat(999));
    expect(sanitizeSingleLine(`${'x'.repeat(198)}🌴🌴`, 200)).toBe(`${'x'.repeat(198)}🌴`);
  });

  it('multi-line text keeps line feeds and tabs; CRLF, CR, NEL, LS and PS become line feeds', () => {
    expect(sanitizeFreeText('üks\r\nkaks\rkolm\u2028neli\u2029viis\n\tkuus')).toBe('üks\nkaks\nkolm\nneli\nviis\n\tkuus');
    expect(freeTextField.parse('Vegan\r\nGluteenivaba')).toBe('Vegan\nGluteenivaba');
  });

  it('one-line text turns every line break and tab into a space, so it cannot start a mail header', () => {
    expect(sanitizeSingleLine('Küsimus\r\nBcc: keegi@example.com', 200)).toBe('Küsimus Bcc: keegi@example.com');
    expect(sanitizeSingleLine('a\nb\rc\td\u2028e\u000bf\u000cg', 200)).toBe('a b c d e f g');
    expect(singleLineTextField(200).parse(' \r\n\u0000 ')).toBeUndefined();
  });

  it('removes controls before markup, so a NUL cannot hide a script block', () => {
    expect(sanitizeFreeText('a<scr\u0000ipt>evil()</scr\u0000ipt>b')).toBe('ab');
  });
});

describe('the schemas apply the same rules the forms do', () => {
  it('contact: a clean one-line subject, a multi-line message', () => {
    const parsed = contactRequestSchema.parse({
      name: 'Mari Tamm',
      email: 'mari@example.com',
      subject: 'Tere\u0000\u001b[1m\r\nBcc: x@example.com\u202e',
      message: 'Rida üks\r\nRida kaks\u0000',
    });
    expect(parsed.subject).toBe('Tere[1m Bcc: x@example.com');
    expect(parsed.message).toBe('Rida üks\nRida kaks');
  });

  it('auth: names with a NUL or a bidi override are refused on sign-up', () => {
    const base = { email: 'mari@example.com', password: 'Salasona1', firstName: 'Mari', lastName: 'Tamm' };
    for (const bad of ['Mari\u0000', 'Mari\u202e']) {
      const result = signUpSchema.safeParse({ ...base, lastName: bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['lastName'], message: M.nameInvalid })]);
    }
  });
});
