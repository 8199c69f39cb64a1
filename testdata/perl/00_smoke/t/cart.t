use strict;
use Test::More;
use Shop::Cart;

subtest "adds a price" => sub {
    my $cart = Shop::Cart->new;
    is($cart->add(2), 2);
};

done_testing;
