module Shop
  class Money
    def initialize(cents)
      @cents = cents
    end

    def plus(other)
      Money.new(@cents + other)
    end

    def self.zero
      new(0)
    end
  end
end
