class Stop {
}
