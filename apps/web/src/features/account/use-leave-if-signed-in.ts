import { useEffect, useRef } from 'react';
import { useNavigate } from '../../lib/navigation';
import { useGetProfileQuery } from './api';

/**
 * The login and registration pages send someone who is already signed in on to `to` (their profile).
 * Decided once, on the first answer about the session: a sign-in made on the page itself then goes
 * where its own form sends it, not here.
 */
export function useLeaveIfSignedIn(to: string): void {
  const { data: profile, isSuccess } = useGetProfileQuery();
  const navigate = useNavigate();
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current || !isSuccess) return;
    decided.current = true;
    if (profile) navigate(to, { replace: true });
  }, [isSuccess, profile, navigate, to]);
}
