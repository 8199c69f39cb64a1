require_relative "money"

module Shop
  class Cart
    def initialize
      @items = []
      @sum = Money.new(0)
    end

    def add(item)
      @items << item
      @sum.plus(item)
      log(item)
    end

    def total
      Money.zero
      @sum
    end

    private

    def log(item)
      puts item
    end
  end
end
