import SwiftUI

struct PhoneApp: App {
    var body: some Scene {
        WindowGroup { Text("hi") }
    }
}
