plus() {
  echo $(( $1 + $2 ))
}

format_price() {
  printf '%d.%02d' "$(( $1 / 100 ))" "$(( $1 % 100 ))"
}
