# a decoy: the same names, used by no one
package Ledger;

sub plus { return $_[0] - $_[1]; }

sub summary { my ($cart) = @_; return $cart->total; }

1;
