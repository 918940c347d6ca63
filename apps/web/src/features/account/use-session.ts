import { useCallback } from 'react';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { useNavigate } from '../../lib/navigation';
import { accountApi, type Profile, useLogoutMutation } from './api';

/**
 * After any sign-in: the header shows the user at once, and data of whoever was here before is refetched.
 * Resolves once the profile is in the store, so a page navigated to next never renders the visitor's
 * cached answer (the upsert completes a few microtasks later, and a renderer may paint before that).
 */
export function useSignedIn() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (user: Profile) => {
      const profile = { username: user.username, email: user.email, role: user.role };
      await dispatch(accountApi.util.upsertQueryData('getProfile', undefined, profile));
      // Also ask the server again: a profile check that left before the sign-in may still answer "visitor".
      dispatch(api.util.invalidateTags(['Profile', 'Cart', 'Enrolled']));
    },
    [dispatch],
  );
}

/**
 * Logout: ends the session on the server, drops every cached server answer, and goes home, even
 * when the call fails (the spec's rule; the session then ends at its expiry).
 *
 * Nothing may ask for signed-in data once the session has ended (issue 32, item 19). So a read already
 * on its way (the header's cart, say) is let finish before the logout call goes out, and the cached
 * answers are dropped and the visitor's "no profile" put in their place in one step, with no render in
 * between: every view that renders afterwards sees a visitor and skips its signed-in queries.
 */
export function useLogout() {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    await Promise.all([
      ...dispatch(api.util.getRunningQueriesThunk()),
      ...dispatch(api.util.getRunningMutationsThunk()).map((mutation) => mutation.catch(() => undefined)),
    ]);
    try {
      await logout().unwrap();
    } catch {
      // Going home signed out locally is still right; nothing more to tell the user.
    }
    // Leave the dashboard first: on it, a signed-out profile would redirect to the login page instead.
    navigate('/', { replace: true });
    dispatch(api.util.resetApiState());
    dispatch(accountApi.util.upsertQueryEntries([{ endpointName: 'getProfile', arg: undefined, value: null }]));
  }, [logout, dispatch, navigate]);
}
