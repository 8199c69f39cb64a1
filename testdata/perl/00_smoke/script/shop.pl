use Shop::Cart;
my $cart = Shop::Cart->new;
print summary($cart);
