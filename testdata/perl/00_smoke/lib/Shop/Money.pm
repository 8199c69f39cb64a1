package Shop::Money;
use strict;
use Exporter 'import';
our @EXPORT_OK = qw(plus);

sub plus { my ($a, $b) = @_; return $a + $b; }

sub zero { return 0; }

1;
