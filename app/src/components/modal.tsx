import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { t } from '@/i18n/messages';
import { useScrollLock } from '@/lib/use-scroll-lock';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'sheet' slides from the side (the mobile menu); 'dialog' is centred. */
  variant?: 'dialog' | 'sheet';
  id?: string;
}

/**
 * The modal shell (SPEC §2 "Modals"): a labelled dialog over the page. Page scrolling is locked
 * while it is open; focus moves into it, Tab stays inside, Escape or the close button closes it,
 * and focus returns to what opened it.
 */
export function Modal({ title, onClose, children, variant = 'dialog', id }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  // Escape closes with the owner's latest onClose; the key listener stays for the modal's life.
  const close = useEffectEvent(() => onClose());
  useScrollLock(true);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = dialog.current;
    // A modal may name the control to start on (`data-autofocus`, e.g. the first OTP box).
    const first = node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (!firstItem || !lastItem) return;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    }
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, []);

  return createPortal(
    <div className={`modal modal--${variant}`}>
      <div className="modal__backdrop" aria-hidden="true" onClick={onClose} />
      <div ref={dialog} id={id} className="modal__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button modal__close" onClick={onClose} aria-label={t('site.close')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
