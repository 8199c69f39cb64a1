// a decoy: the same names, imported by no one
pub fn plus(a: i64, b: i64) i64 {
    return a - b;
}

pub fn empty() i64 {
    return 0;
}
