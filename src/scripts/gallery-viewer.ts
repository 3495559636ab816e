/**
 * Gallery viewer (/galerii): a native modal <dialog>. The thumbnail buttons open it at their index; previous and
 * next wrap around both ways; ←/→ step, Escape closes (the dialog's own cancel). While it is open the page behind is
 * inert and Tab cycles inside the dialog; on close, focus returns to the thumbnail that opened it.
 */
const dialog = document.querySelector<HTMLDialogElement>('[data-gallery-viewer]');
const thumbs = [...document.querySelectorAll<HTMLButtonElement>('[data-gallery-thumb]')];

if (dialog && thumbs.length > 0) {
  const image = dialog.querySelector<HTMLImageElement>('[data-viewer-image]')!;
  const caption = dialog.querySelector<HTMLElement>('[data-viewer-caption]')!;
  const counter = dialog.querySelector<HTMLElement>('[data-viewer-counter]')!;
  const total = thumbs.length;
  let index = 0;
  let opener: HTMLButtonElement | undefined;

  const show = (next: number) => {
    index = ((next % total) + total) % total;
    const { fullSrc = '', fullSrcset = '', fullWidth = '', fullHeight = '', alt = '' } = thumbs[index]!.dataset;
    // Swap srcset before src so the browser never fetches the fallback needlessly.
    if (fullSrcset) image.srcset = fullSrcset;
    else image.removeAttribute('srcset');
    image.src = fullSrc;
    image.width = Number(fullWidth);
    image.height = Number(fullHeight);
    image.alt = alt;
    caption.textContent = alt;
    counter.textContent = `${index + 1} / ${total}`;
    dialog.dataset.index = String(index);
  };

  const open = (thumb: HTMLButtonElement) => {
    opener = thumb;
    show(Number(thumb.dataset.index ?? 0));
    dialog.showModal();
  };

  thumbs.forEach((thumb) => thumb.addEventListener('click', () => open(thumb)));
  dialog.querySelector('[data-viewer-prev]')?.addEventListener('click', () => show(index - 1));
  dialog.querySelector('[data-viewer-next]')?.addEventListener('click', () => show(index + 1));
  dialog.querySelector('[data-viewer-close]')?.addEventListener('click', () => dialog.close());

  const focusables = () =>
    [...dialog.querySelectorAll<HTMLElement>('button, [href], [tabindex]:not([tabindex="-1"])')].filter(
      (element) => !element.hasAttribute('disabled') && element.offsetParent !== null,
    );

  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      show(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      show(index + 1);
    } else if (event.key === 'Tab') {
      const list = focusables();
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  });

  // A click on the dark backdrop area outside the picture and the buttons closes the viewer too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });

  dialog.addEventListener('close', () => {
    opener?.focus();
    opener = undefined;
  });
}
