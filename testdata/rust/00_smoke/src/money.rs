pub fn round(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

pub struct Money {
    cents: i64,
}

impl Money {
    pub fn new(cents: i64) -> Self {
        Money { cents }
    }

    pub fn add(&self, other: &Money) -> Money {
        Money::new(self.cents + other.cents)
    }

    pub fn value(&self) -> f64 {
        self.cents as f64 / 100.0
    }
}
