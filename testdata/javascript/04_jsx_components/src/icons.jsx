export const CartIcon = () => <svg viewBox="0 0 24 24" aria-hidden="true" />;

export const SearchIcon = () => <svg viewBox="0 0 24 24" aria-hidden="true" />;
