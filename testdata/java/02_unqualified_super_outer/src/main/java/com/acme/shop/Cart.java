package com.acme.shop;

public class Cart extends Basket {
    private int count;

    public Cart() {
        this(0);
    }

    public Cart(int count) {
        super(count);
        this.count = count;
    }

    int size() {
        return count;
    }

    @Override
    void clear() {
        super.clear();
        log("cleared");
        this.size();
    }

    class Line {
        int total() {
            // an inner class sees its outer class's methods
            return size() + weight();
        }
    }

    static class Summary {
        String text(Cart cart) {
            Cart.Line line = cart.new Line();
            return "" + line.total();
        }
    }
}
