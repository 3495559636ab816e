/**
 * Modal dialogs on React Aria (focus moves in and is trapped, Escape and "Sulge" close, focus returns to what opened
 * it). Per the Epic Stack's practice, dialogs are for confirmations and short forms; whole records get a screen.
 */
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button';

export interface AppDialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  /** Wide dialogs hold forms with two columns. */
  size?: 'md' | 'lg';
  /** Closing by Escape or a click outside would drop what the user typed: forms set this to false while saving. */
  isDismissable?: boolean;
  role?: 'dialog' | 'alertdialog';
}

export function AppDialog({ title, isOpen, onOpenChange, children, size = 'md', isDismissable = true, role = 'dialog' }: AppDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className="fixed inset-0 z-50 overflow-y-auto bg-ink-900/50"
    >
      {/* Centred while it fits; a dialog taller than the screen starts at the top and scrolls (a centred flex
          child taller than its box would be cut off above, out of reach). */}
      <div className="flex min-h-full items-start justify-center p-4 sm:items-center">
        <Modal className={`w-full ${size === 'lg' ? 'max-w-3xl' : 'max-w-lg'} rounded-3xl bg-white shadow-xl`}>
          {/* The dialog itself takes the focus when it opens (no field asks for it): a keyboard user sees where it is. */}
          <Dialog role={role} className="relative rounded-3xl p-6 focus-visible:outline-offset-[-3px] sm:p-8" lang="et">
            {({ close }) => (
              <>
                <div className="flex items-start justify-between gap-4">
                  <Heading slot="title" className="font-display text-2xl text-lagoon-900">
                    {title}
                  </Heading>
                  <Button variant="ghost" size="sm" onPress={close} isDisabled={!isDismissable} aria-label="Sulge">
                    <span aria-hidden="true">✕</span>
                  </Button>
                </div>
                <div className="mt-4">{children}</div>
              </>
            )}
          </Dialog>
        </Modal>
      </div>
    </ModalOverlay>
  );
}

export interface DialogActionsProps {
  /** Leaves without doing anything. */
  onCancel: () => void;
  /**
   * 'Loobu' (leaves the form or the action undone) unless the dialog only shows something ('Sulge'). Never 'Tühista':
   * next to an action that is itself a "Tühista …" it reads as that action.
   */
  cancelLabel?: string;
  /** While the action is on its way the way out is disabled too: the dialog stays until the answer comes. */
  isPending: boolean;
  /** The safe choice takes the focus first where the action destroys or costs something (the APG's alertdialog). */
  focusCancel?: boolean;
  /** Where the row sits in its form ('sm:col-span-2' in a two-column grid). */
  className?: string;
  /** The action button(s), after the way out. */
  children?: ReactNode;
}

/** A dialog's last row: the way out, then its action, at the end of the line. */
export function DialogActions({ onCancel, cancelLabel = 'Loobu', isPending, focusCancel, className, children }: DialogActionsProps) {
  return (
    <div className={`flex flex-wrap justify-end gap-3${className ? ` ${className}` : ''}`}>
      <Button variant="outline" onPress={onCancel} isDisabled={isPending} autoFocus={focusCancel}>
        {cancelLabel}
      </Button>
      {children}
    </div>
  );
}

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  isPending?: boolean;
  destructive?: boolean;
  /** The action cannot be taken (the message says why): only a close button. */
  blocked?: boolean;
}

/** "Are you sure?": an alertdialog whose safe choice ("Loobu") has the focus first. */
export function ConfirmDialog({ title, message, confirmLabel, isOpen, onOpenChange, onConfirm, isPending = false, destructive = true, blocked = false }: ConfirmDialogProps) {
  return (
    <AppDialog title={title} isOpen={isOpen} onOpenChange={onOpenChange} role="alertdialog" isDismissable={!isPending}>
      <p className="text-ink-900">{message}</p>
      <DialogActions onCancel={() => onOpenChange(false)} cancelLabel={blocked ? 'Sulge' : 'Loobu'} isPending={isPending} focusCancel className="mt-6">
        {!blocked && (
          // Disabled rather than "pending": React Aria's pending announcement points at the button, which is gone once
          // the dialog closes (axe: role-img-alt).
          <Button variant={destructive ? 'danger' : 'primary'} onPress={onConfirm} isDisabled={isPending}>
            {confirmLabel}
          </Button>
        )}
      </DialogActions>
    </AppDialog>
  );
}
