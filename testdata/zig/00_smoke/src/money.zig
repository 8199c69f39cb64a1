pub fn plus(a: i64, b: i64) i64 {
    return a + b;
}

pub fn format(amount: i64) i64 {
    return amount;
}
