import UIKit

final class Screen {
    func reload() {}
    func layout() {}
}

final class Panel {
    func reload() {}
}

func refresh(items: [Screen], view: UIView, any: AnyObject) {
    // an element of an array: a name match, never certain
    items.first?.reload()
    for item in items {
        item.layout()
    }
    // a value of UIKit's type: no edge to the repository's `layout`
    view.layout()
    // a receiver no syntax types
    any.reload()
}
