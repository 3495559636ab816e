import { describe, expect, it } from 'vitest';
import { emailField, freeTextField, nameField, passwordField, phoneField } from '../../src/lib/validation/fields';
import { FIELD_MESSAGES as M } from '../../src/lib/validation/messages';
import { sanitizeFreeText } from '../../src/lib/validation/sanitize';

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
