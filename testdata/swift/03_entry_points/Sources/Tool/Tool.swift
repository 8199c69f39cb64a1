import ArgumentParser

@main
struct Tool: ParsableCommand {
    func run() throws {
        work()
    }

    func work() {}
}
