use crate::account::Account;

pub struct Store {
    main: Box<Account>,
    names: Vec<String>,
}

pub fn open() -> Account {
    Account::new()
}

impl Store {
    pub fn touch(&mut self, name: String, extra: &mut Account) {
        name.len();
        let mut label = String::new();
        label.push_str("x");
        self.names.len();
        self.main.deposit(1);
        extra.deposit(2);
    }

    pub fn locals(&mut self) {
        let fresh = open();
        fresh.len();
        let typed: Account = Account::new();
        typed.deposit(3);
        let mut literal = Account { balance: 0 };
        literal.deposit(4);
    }

    pub fn unknown(&self, list: &[Account]) {
        for item in list.iter() {
            item.deposit(5);
        }
    }
}

pub fn shadow() -> i32 {
    // a local closure shadows the function `open`
    let open = || 1;
    open()
}

pub fn named_like_its_value() -> Account {
    // a local bound to a call's result cannot be called: `open()` is the function
    let open = open();
    open
}

pub enum Slot {
    Filled(Account),
    Named(String),
    Empty,
}

pub fn settle(slot: &mut Slot) {
    // each arm binds its own `x`, of its variant's field type
    match slot {
        Slot::Filled(ref mut x) => x.deposit(6),
        Slot::Named(x) => {
            x.push_str("!");
        }
        Slot::Empty => {}
    }
}
