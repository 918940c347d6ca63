import { useEffect } from 'react';

/** While `open` (a menu, a drawer), the Escape key closes it through its state's setter. */
export function useCloseOnEscape(open: boolean, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, setOpen]);
}
