import Shop

// an extension of another module's type: a node of this module
extension Item {
    func report() -> String {
        describe()
    }
}
