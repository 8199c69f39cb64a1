#!/usr/bin/env bash
DIR="$(cd "$(dirname "$0")/.." && pwd)"
. "$DIR/lib/cart.sh"

main() {
  cart_add 1 2
  format_price 300
}

main "$@"
