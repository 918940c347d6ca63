import { useEffect, useState } from 'react';
import { subscribeToasts, type Toast } from './toast';

/** The toast area at top-center. Polite announcements for screen readers; each toast fades after 3.5 s. */
export function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(
    () =>
      subscribeToasts((toast) => {
        setToasts((current) => [...current.slice(-3), toast]);
        window.setTimeout(() => setToasts((current) => current.filter((t) => t.id !== toast.id)), toast.duration);
      }),
    [],
  );
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`}>
          {toast.message}
        </div>
      ))}
    </div>
  );
}
