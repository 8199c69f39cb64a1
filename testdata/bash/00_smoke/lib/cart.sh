source "$(dirname "$0")/money.sh"

cart_add() {
  log_line "add"
  plus "$1" "$2"
}

log_line() {
  echo "$1" >&2
}
