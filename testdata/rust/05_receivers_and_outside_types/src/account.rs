pub struct Account {
    pub balance: i64,
}

impl Account {
    pub fn new() -> Account {
        Account { balance: 0 }
    }

    pub fn deposit(&mut self, amount: i64) {
        self.balance += amount;
    }

    // Named like methods of String and Vec: a receiver of those types must not reach these.
    pub fn len(&self) -> usize {
        0
    }

    pub fn push_str(&mut self, _text: &str) {}
}
