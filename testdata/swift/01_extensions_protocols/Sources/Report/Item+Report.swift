import Shop

// an extension of another module's type: a node of this module
extension Item {
    func report() -> String {
        describe()
    }
}

// a type outside the repository that the Shop target extends
func send(_ request: URLRequest) {
    _ = request.signed()
    _ = request.httpMethod
}
