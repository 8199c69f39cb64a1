import Vapor

func routes(_ app: Application) throws {
    app.get("hello") { req in
        greet()
    }
    let users = UserController()
    app.post("users", use: users.create)
}

func greet() -> String { "hi" }

struct UserController {
    func create(req: Request) throws -> String { "" }
}
