const cart = @import("cart.zig");

pub fn main() void {
    var c = cart.empty();
    c.add(1);
    _ = c.format();
}
