import { CartIcon } from '../../components/ui/icons';
import { useHydrated } from '../../components/ui/use-hydrated';
import { useAppSelector } from '../../lib/hooks';
import { useGetProfileQuery } from '../account';
import { useGetCartQuery } from './api';
import { selectLocalCartItems } from './cart-slice';
import { CountLink } from './count-link';
import { useLocalCartMergePending, useMergeLocalCartOnSignIn } from './use-merge-local-cart';

/** The header's cart icon with the number of courses: the server cart when signed in, else the browser cart. */
export function CartLink() {
  useMergeLocalCartOnSignIn();
  const { data: profile } = useGetProfileQuery();
  // While a browser cart moves in, the merge answer brings the new cart; an earlier read could overwrite it.
  const mergePending = useLocalCartMergePending();
  const { data: cart } = useGetCartQuery(undefined, { skip: !profile || mergePending });
  // The server draws no browser cart: its count shows once the page has hydrated.
  const localCount = useAppSelector(selectLocalCartItems).length * Number(useHydrated());
  const count = profile ? (cart?.courses.length ?? 0) : localCount;
  return <CountLink to="/cart" name="Cart" count={count} icon={<CartIcon size={22} />} />;
}
