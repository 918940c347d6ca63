import { extractVideoId } from '@shop/shared';
import { type ReactNode, useEffect, useRef } from 'react';
import { CloseIcon } from './icons';

interface VideoModalProps {
  videoLink: string;
  title: string;
  onClose: () => void;
  /** A player of our own (a lesson's own stream) in place of the YouTube embed. */
  children?: ReactNode;
}

/**
 * A 16:9 YouTube player in a modal dialog. Escape, the close button or a click outside the player closes it;
 * it fades and scales in over 300 ms, and focus goes back to the control that opened it. Only a valid
 * 11-character video id is ever embedded.
 */
export function VideoModal({ videoLink, title, onClose, children }: VideoModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const videoId = extractVideoId(videoLink);

  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // The dialog leaves the page before this effect's cleanup runs, so the browser cannot give focus
    // back by itself: the control that opened the player gets it back here.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    element.addEventListener('cancel', onCancel);
    return () => {
      element.removeEventListener('cancel', onCancel);
      element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog natively (the cancel event above)
    <dialog
      ref={dialog}
      className="video-modal"
      aria-label={`Video: ${title}`}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="video-modal-body">
        <button type="button" className="video-modal-close" aria-label="Close video" onClick={onClose}>
          <CloseIcon size={22} />
        </button>
        {children ?? (
          <div className="video-frame">
            {videoId ? (
              <iframe
                src={`https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&rel=0`}
                title={title}
                allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
              />
            ) : (
              <p className="video-missing">This video is not available.</p>
            )}
          </div>
        )}
      </div>
    </dialog>
  );
}
