/**
 * The signing page's script (/allkirjasta, issue 42): reads the token from the fragment, shows both texts in force
 * as the API serves them (each laid out from the exact text whose SHA-256 is sent back), and signs each text not yet
 * signed when the traveller has typed their full name and pressed "Allkirjastan". The API's Estonian message is shown
 * for a wrong or expired link, a name that is not the traveller's, or a text that changed meanwhile.
 */
import { AGREEMENT_KINDS, AGREEMENT_LABELS, SIGNING_TEXTS as T, type SigningView } from '../lib/agreement-labels';
import { agreementBlocks } from '../lib/agreement-blocks';
import { fragmentToken, tokenPage } from './token-page';

const root = document.querySelector<HTMLElement>('[data-signing]');
if (root) {
  const { $, retry, post, show, fail, refused, reload } = tokenPage(root, ['form', 'done'] as const, T.offline);
  const token = fragmentToken('allkiri');
  const form = $<HTMLFormElement>('[data-form]');
  const sign = $<HTMLButtonElement>('[data-sign]');
  const name = root.querySelector<HTMLInputElement>('#signing-name')!;
  let view: SigningView | null = null;

  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) => {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  };

  function render(v: SigningView) {
    $('[data-intro]').textContent = T.intro(v.traveller.name, v.retreat?.name ?? null);
    const texts = $('[data-texts]');
    texts.replaceChildren();
    for (const kind of AGREEMENT_KINDS) {
      const text = v.texts[kind];
      const section = el('section', undefined, 'rounded-xl border border-sand-200 p-4');
      section.dataset.text = kind;
      section.append(el('h2', `${AGREEMENT_LABELS[kind]} (versioon ${text.version})`, 'text-xl text-lagoon-900'));
      const body = el('div', undefined, 'prose-text mt-3 max-h-80 overflow-y-auto');
      body.tabIndex = 0;
      body.setAttribute('aria-label', AGREEMENT_LABELS[kind]);
      for (const block of agreementBlocks(text.text)) {
        if (block.kind === 'list') {
          const list = el('ul');
          for (const item of block.items) list.append(el('li', item));
          body.append(list);
        } else body.append(el(block.kind === 'heading' ? 'h3' : 'p', block.text));
      }
      section.append(body);
      if (text.signedAt) section.append(el('p', T.signedKind(AGREEMENT_LABELS[kind], text.version), 'mt-2 font-semibold text-lagoon-800'));
      texts.append(section);
    }
  }

  async function load() {
    if (!token) return fail(T.noToken, false);
    try {
      const answer = await post('/api/agreements/view', { token });
      if (!answer.ok) return refused(answer);
      view = (answer.body as unknown as { signing: SigningView }).signing;
      render(view);
      show('form');
    } catch {
      fail(T.offline, true);
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!view) return;
    $('[data-name-error]').textContent = '';
    name.removeAttribute('aria-invalid');
    sign.disabled = true;
    sign.textContent = T.signing;
    try {
      const done = $('[data-done-list]');
      done.replaceChildren();
      for (const kind of AGREEMENT_KINDS) {
        const text = view.texts[kind];
        const answer = await post('/api/agreements/sign', { token, name: name.value, kind, textSha256: text.sha256 });
        if (!answer.ok) {
          const nameIssue = answer.body?.error?.details?.find((d) => d.path === 'name');
          if (nameIssue) {
            $('[data-name-error]').textContent = nameIssue.message;
            name.setAttribute('aria-invalid', 'true');
            name.focus();
            return;
          }
          return refused(answer);
        }
        done.append(el('li', T.signedKind(AGREEMENT_LABELS[kind], text.version)));
      }
      show('done');
      $('[data-done-title]').focus();
    } catch {
      fail(T.offline, true);
    } finally {
      sign.disabled = false;
      sign.textContent = T.sign;
    }
  });
  retry.addEventListener('click', () => {
    reload();
    void load();
  });
  void load();
}
