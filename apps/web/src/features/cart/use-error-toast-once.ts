import { useEffect, useRef } from 'react';
import { toast } from '../../components/ui/toast';

/** Shows `message` as an error toast when the component first appears, once (not again on a second mount in development). */
export function useErrorToastOnce(message: string) {
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    toast.error(message);
  }, [message]);
}
