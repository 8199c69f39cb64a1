# a decoy: the same name, sourced by no one
plus() {
  echo $(( $1 - $2 ))
}

report() {
  cart_add 5 5
}
