import { Link } from 'react-router';
import { CartIcon } from '../../components/ui/icons';

/** The header's cart icon. */
export function CartLink() {
  return (
    <Link to="/cart" className="icon-link" aria-label="Cart">
      <CartIcon size={22} />
    </Link>
  );
}
