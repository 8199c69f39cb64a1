const std = @import("std");
const money = @import("money.zig");

pub const Cart = struct {
    total: i64,

    pub fn add(self: *Cart, price: i64) void {
        self.total = money.plus(self.total, price);
        self.log();
    }

    fn log(self: *Cart) void {
        std.debug.print("{d}\n", .{self.total});
    }
};

pub fn empty() Cart {
    return Cart{ .total = 0 };
}

test "adds a price" {
    var cart = empty();
    cart.add(2);
    try std.testing.expect(cart.total == 2);
}
